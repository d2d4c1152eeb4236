import Foundation

/// Works out Tab completions from the command registry; pure logic, so it is unit-tested.
struct Completer {
    /// What pressing Tab should do.
    struct Completion: Equatable {
        /// Text to insert at the cursor (a trailing space when the word is complete).
        let insertion: String
        /// Every candidate, listed when there is more than one.
        let candidates: [String]
    }

    /// The commands to complete from.
    let registry: CommandRegistry

    /// The completion for the text before the cursor.
    func complete(_ before: String) -> Completion {
        let endsWithSpace = before.last.map(\.isWhitespace) ?? true
        var words = before.split(whereSeparator: \.isWhitespace).map(String.init)
        let current = endsWithSpace ? "" : (words.popLast() ?? "")
        let matches = candidates(after: words, current: current).filter { $0.hasPrefix(current) }
        guard let first = matches.first else { return Completion(insertion: "", candidates: []) }
        if matches.count == 1 {
            return Completion(insertion: String(first.dropFirst(current.count)) + " ", candidates: matches)
        }
        let common = matches.dropFirst().reduce(first) { $0.commonPrefix(with: $1) }
        return Completion(insertion: String(common.dropFirst(current.count)), candidates: matches)
    }

    /// Candidates laid out in columns that fit `width`.
    static func columns(_ candidates: [String], width: Int) -> String {
        let cell = (candidates.map(\.count).max() ?? 0) + 2
        let perLine = max(1, width / max(cell, 1))
        return stride(from: 0, to: candidates.count, by: perLine).map { start in
            let line = candidates[start..<min(start + perLine, candidates.count)]
            return line.map { $0 + String(repeating: " ", count: cell - $0.count) }.joined()
                .trimmingTrailingWhitespace()
        }.joined(separator: "\n")
    }
}

// MARK: - Private

extension Completer {
    private func candidates(after words: [String], current: String) -> [String] {
        if case .command(let spec, let arguments) = registry.lookup(words) {
            if let previous = arguments.last, let flag = spec.flags.first(where: { $0.name == previous }),
                flag.valueName != nil
            {
                return flag.allowedValues
            }
            return current.hasPrefix("-") ? spec.flags.map(\.name) : []
        }
        return registry.nextWords(after: words)
    }
}
