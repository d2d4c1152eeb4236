/// What one read from the user produced.
public enum LineInput: Equatable {
    /// A complete line, without its newline.
    case line(String)
    /// A line that cannot be used, with the reason.
    case rejected(String)
    /// Ctrl-C at the prompt.
    case interrupted
    /// No more input.
    case end
}

/// Reads the user's input one line at a time.
public protocol LineReader {
    /// Reads the next line, showing `prompt` where the reader is interactive.
    mutating func readLine(prompt: String) -> LineInput
    /// Records a line in the reader's history (a no-op for readers without one).
    mutating func remember(_ line: String)
}

extension LineReader {
    /// Readers without history ignore lines.
    public mutating func remember(_ line: String) {}
}

/// The rules every line must follow, whichever reader produced it.
public enum LineRules {
    /// The longest line accepted, in bytes (room for a body at the 1 MiB limit plus the command).
    public static let maxLineBytes = 2 * 1_048_576

    /// Why `bytes` (without a newline) cannot be a command line, if it cannot.
    public static func check(_ bytes: some Collection<UInt8>) -> String? {
        if bytes.count > maxLineBytes { return "line too long (\(bytes.count) bytes; the limit is 2 MiB)" }
        if let control = bytes.first(where: isForbiddenControl) {
            return "line contains a control character (0x\(String(control, radix: 16, uppercase: true)))"
        }
        return nil
    }

    /// Turns raw bytes into a line, or the reason they are not one.
    public static func decode(_ bytes: [UInt8]) -> LineInput {
        var content = bytes[...]
        if content.last == UInt8(ascii: "\r") { content = content.dropLast() }
        if let problem = check(content) { return .rejected(problem) }
        guard let text = String(validating: content, as: UTF8.self) else {
            return .rejected("line is not valid UTF-8")
        }
        return .line(text)
    }

    /// Control characters other than tab are refused; a newline can only arrive inside a line
    /// recalled from history (a multi-line entry), where it is part of the entry.
    private static func isForbiddenControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n")) || byte == 0x7F
    }
}
