import Foundation

/// Works out Tab completions from the command registry; pure logic over injected sources, so it
/// is unit-tested.
struct Completer {
    /// What pressing Tab should do.
    struct Completion: Equatable {
        /// Text to insert at the cursor (a trailing space when the word is complete).
        let insertion: String
        /// Every candidate, listed when there is more than one.
        let candidates: [String]
    }

    /// Where identifiers and paths come from: local, read-only lookups that never wait for the
    /// network, since Tab must answer at once.
    struct Sources {
        /// Identifiers of documents stored on this device.
        var documentIDs: () -> [Int] = { [] }
        /// Identifiers of users stored on this device.
        var userIDs: () -> [Int] = { [] }
        /// Identifiers of open scene sessions.
        var sceneIDs: () -> [String] = { [] }
        /// Paths starting with a prefix; folders end with `/`.
        var paths: (String) -> [String] = FilePaths.completions(of:)
    }

    /// The commands to complete from.
    let registry: CommandRegistry
    /// Identifiers and paths.
    var sources = Sources()

    /// The completion for the text before the cursor.
    func complete(_ before: String) -> Completion {
        let endsWithSpace = before.last.map(\.isWhitespace) ?? true
        var words = before.split(whereSeparator: \.isWhitespace).map(String.init)
        let current = endsWithSpace ? "" : (words.popLast() ?? "")
        let matches = candidates(after: words, current: current).filter { $0.hasPrefix(current) }
        guard let first = matches.first else { return Completion(insertion: "", candidates: []) }
        if matches.count == 1 {
            // A folder is not finished: no space after it, so Tab can go on into it.
            let ending = first.hasSuffix("/") ? "" : " "
            return Completion(insertion: String(first.dropFirst(current.count)) + ending, candidates: matches)
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
        guard case .command(let spec, let arguments) = registry.lookup(words) else {
            return registry.nextWords(after: words)
        }
        if let previous = arguments.last, let flag = spec.flags.first(where: { $0.name == previous }),
            flag.valueName != nil
        {
            return flag.allowedValues
        }
        if current.hasPrefix("-") { return spec.flags.map(\.name) }
        guard let argument = positional(at: positionalCount(arguments, spec), of: spec) else { return [] }
        switch argument.completion {
        case .none: return []
        case .values(let values): return values
        case .documentID: return sources.documentIDs().map(String.init)
        case .userID: return sources.userIDs().map(String.init)
        case .sceneID: return sources.sceneIDs()
        case .file: return sources.paths(current)
        }
    }

    /// How many positional words `arguments` hold (flags and their values left out).
    private func positionalCount(_ arguments: [String], _ spec: CommandSpec) -> Int {
        var count = 0
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word.hasPrefix("--"), let flag = spec.flags.first(where: { $0.name == word }) {
                index += flag.valueName == nil ? 1 : 2
            } else {
                count += 1
                index += 1
            }
        }
        return count
    }

    private func positional(at index: Int, of spec: CommandSpec) -> ArgumentSpec? {
        if index < spec.arguments.count { return spec.arguments[index] }
        return spec.arguments.last.flatMap { $0.takesRest ? $0 : nil }
    }
}
