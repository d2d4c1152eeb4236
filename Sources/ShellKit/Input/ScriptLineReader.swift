/// Hands out the lines of a script file one at a time, so scripts share the shell's entry
/// reading (multi-line entries included).
public struct ScriptLineReader: LineReader {
    private let lines: [LineInput]
    private var index = 0

    /// Creates a reader over already read lines.
    public init(lines: [LineInput]) {
        self.lines = lines
    }

    /// The next line, or the end.
    public mutating func readLine(prompt: String) -> LineInput {
        guard index < lines.count else { return .end }
        defer { index += 1 }
        return lines[index]
    }
}
