import ArgumentParser

/// How command output is printed.
nonisolated enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Aligned columns for people.
    case table
    /// Exactly one JSON document per command, on one line.
    case json
    /// Tab-separated values without decoration, for scripts.
    case plain
}
