/// One command as typed: a line, or several joined by a trailing `\` or an open quote.
public struct Entry: Equatable {
    /// The command text: continued lines joined (a `\`-newline removed, a newline kept inside quotes).
    public let text: String
    /// The lines as typed, for echo and history.
    public let typedLines: [String]
}

/// What reading one entry produced.
public enum EntryInput: Equatable {
    /// A complete entry.
    case entry(Entry)
    /// A line or entry that cannot be used, with the reason.
    case rejected(String)
    /// Ctrl-C at the prompt: the line is thrown away.
    case interrupted
    /// No more input.
    case end
}

/// Reads whole entries from a line reader, asking for more with the continuation prompt while a
/// quote is open or the line ends with a backslash.
public enum EntryReader {
    /// The prompt for continuation lines.
    public static let continuationPrompt = "..> "

    /// Reads the next entry; `lineCount` says how many lines it took.
    public static func next(
        from reader: inout some LineReader, prompt: String, continuationPrompt: String, lineCount: inout Int
    ) -> EntryInput {
        lineCount = 1
        var text: String
        switch reader.readLine(prompt: prompt) {
        case .end: return .end
        case .interrupted: return .interrupted
        case .rejected(let reason): return .rejected(reason)
        case .line(let line): text = line
        }
        var typed = [text]
        while case .failure(let open) = Tokenizer.words(text) {
            let next = reader.readLine(prompt: continuationPrompt)
            lineCount += 1
            switch next {
            case .end: return .rejected("\(open.message) at end of input")
            case .interrupted: return .interrupted
            case .rejected(let reason): return .rejected(reason)
            case .line(let line):
                typed.append(line)
                text = open == .danglingEscape ? String(text.dropLast()) + line : text + "\n" + line
            }
        }
        return .entry(Entry(text: text, typedLines: typed))
    }
}
