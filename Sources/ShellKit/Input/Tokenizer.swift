/// Splits a command line into words the way a POSIX shell does, without expansion.
///
/// Single quotes keep everything literally; double quotes keep spaces and honour `\"`, `\\`;
/// outside quotes a backslash escapes the next character.
public enum Tokenizer {
    /// Why a line could not be split.
    public enum Failure: Error, Equatable, Sendable {
        /// A quote was opened and never closed.
        case unterminatedQuote(Character)
        /// The line ends with a lone backslash.
        case danglingEscape

        /// A one-line description for the user.
        public var message: String {
            switch self {
            case .unterminatedQuote(let quote): "unterminated \(quote) quote"
            case .danglingEscape: "line ends with a lone backslash"
            }
        }
    }

    /// The words of `line`, or why it cannot be split.
    public static func words(_ line: String) -> Result<[String], Failure> {
        var state = ScanState()
        for character in line {
            state.consume(character)
        }
        return state.finish()
    }
}

// MARK: - Private

extension Tokenizer {
    private enum Mode {
        case plain, singleQuoted, doubleQuoted
    }

    private struct ScanState {
        var words: [String] = []
        var current = ""
        var inWord = false
        var mode = Mode.plain
        var escaping = false

        mutating func consume(_ character: Character) {
            if escaping {
                if mode == .doubleQuoted && character != "\"" && character != "\\" { current.append("\\") }
                current.append(character)
                escaping = false
                return
            }
            switch (mode, character) {
            case (.singleQuoted, "'"), (.doubleQuoted, "\""):
                mode = .plain
            case (.singleQuoted, _):
                current.append(character)
            case (.doubleQuoted, "\\"), (.plain, "\\"):
                escaping = true
                inWord = true
            case (.doubleQuoted, _):
                current.append(character)
            case (.plain, "'"):
                mode = .singleQuoted
                inWord = true
            case (.plain, "\""):
                mode = .doubleQuoted
                inWord = true
            case (.plain, _) where character.isWhitespace:
                endWord()
            case (.plain, _):
                current.append(character)
                inWord = true
            }
        }

        mutating func endWord() {
            if inWord { words.append(current) }
            current = ""
            inWord = false
        }

        mutating func finish() -> Result<[String], Failure> {
            if escaping { return .failure(.danglingEscape) }
            switch mode {
            case .singleQuoted: return .failure(.unterminatedQuote("'"))
            case .doubleQuoted: return .failure(.unterminatedQuote("\""))
            case .plain:
                endWord()
                return .success(words)
            }
        }
    }
}
