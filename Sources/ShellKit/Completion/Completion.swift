/// What pressing Tab should do.
public struct Completion: Equatable, Sendable {
    /// Text to insert at the cursor (a trailing space when the word is complete).
    public let insertion: String
    /// Every candidate, listed when there is more than one.
    public let candidates: [String]

    /// A completion.
    public init(insertion: String, candidates: [String]) {
        self.insertion = insertion
        self.candidates = candidates
    }

    /// Candidates laid out in columns that fit `width`.
    public static func columns(_ candidates: [String], width: Int) -> String {
        let cell = (candidates.map(\.count).max() ?? 0) + 2
        let perLine = max(1, width / max(cell, 1))
        return stride(from: 0, to: candidates.count, by: perLine).map { start in
            let line = candidates[start..<min(start + perLine, candidates.count)]
            return line.map { $0 + String(repeating: " ", count: cell - $0.count) }.joined()
                .trimmingTrailingWhitespace()
        }.joined(separator: "\n")
    }
}
