import Foundation

/// Works out Tab completions from the command registry; pure logic over injected sources, so it
/// is unit-tested.
public struct Completer<Context> {
    /// The commands to complete from.
    public let registry: CommandRegistry<Context>
    /// The words each app-defined source offers: local, read-only lookups that never wait for the
    /// network, since Tab must answer at once.
    public var sources: [CompletionSource: () -> [String]]
    /// Paths starting with a prefix; folders end with `/`.
    public var paths: (String) -> [String]

    /// A completer over `registry` and the app's sources.
    public init(
        registry: CommandRegistry<Context>, sources: [CompletionSource: () -> [String]] = [:],
        paths: @escaping (String) -> [String] = { FilePaths.completions(of: $0) }
    ) {
        self.registry = registry
        self.sources = sources
        self.paths = paths
    }

    /// The completion for the text before the cursor.
    public func complete(_ before: String) -> Completion {
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
}

// MARK: - Private

extension Completer {
    private func candidates(after words: [String], current: String) -> [String] {
        guard case .command(let spec, let arguments) = registry.lookup(words) else {
            return registry.nextWords(after: words)
        }
        // A command whose name starts others (`sync`, `sync status`): offer the longer names too.
        let longer = arguments.isEmpty ? registry.nextWords(after: words) : []
        return longer + argumentCandidates(spec, arguments, current: current)
    }

    private func argumentCandidates(
        _ spec: CommandSpec<Context>, _ arguments: [String], current: String
    ) -> [String] {
        if let previous = arguments.last, let flag = spec.flags.first(where: { $0.name == previous }),
            flag.valueName != nil
        {
            guard flag.allowedValues.isEmpty else { return flag.allowedValues }
            return candidates(flag.completion, previous: nil, arguments: arguments, current: current)
        }
        if current.hasPrefix("-") { return spec.flags.map(\.name) }
        let words = positionalWords(arguments, spec)
        guard let argument = positional(at: words.count, of: spec) else { return [] }
        return candidates(argument.completion, previous: words.last, arguments: arguments, current: current)
    }

    private func candidates(
        _ completion: ArgumentCompletion, previous: String?, arguments: [String], current: String
    ) -> [String] {
        switch completion {
        case .none: return []
        case .values(let values): return values
        case .source(let source): return sources[source]?() ?? []
        case .file: return paths(current)
        case .chosenByPrevious(let choices):
            guard let previous, let chosen = choices[previous] else { return [] }
            return candidates(chosen, previous: nil, arguments: arguments, current: current)
        case .namedByFlag(let flag, let prefix, let otherwise):
            guard let index = arguments.lastIndex(of: flag), index + 1 < arguments.count else {
                return candidates(otherwise, previous: previous, arguments: arguments, current: current)
            }
            return sources[CompletionSource(prefix + arguments[index + 1])]?() ?? []
        }
    }

    /// The positional words `arguments` hold (flags and their values left out).
    private func positionalWords(_ arguments: [String], _ spec: CommandSpec<Context>) -> [String] {
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word.hasPrefix("--"), let flag = spec.flags.first(where: { $0.name == word }) {
                index += flag.valueName == nil ? 1 : 2
            } else {
                words.append(word)
                index += 1
            }
        }
        return words
    }

    private func positional(at index: Int, of spec: CommandSpec<Context>) -> ArgumentSpec? {
        if index < spec.arguments.count { return spec.arguments[index] }
        return spec.arguments.last.flatMap { $0.takesRest ? $0 : nil }
    }
}
