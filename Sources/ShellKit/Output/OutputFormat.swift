/// How command output is printed.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people.
    case table
    /// Exactly one JSON document per command, on one line.
    case json
    /// Tab-separated values without decoration, for scripts.
    case plain
}
