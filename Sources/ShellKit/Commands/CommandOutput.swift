/// What a command produced, before it is rendered in the session's output format.
public enum CommandOutput {
    /// Nothing to print.
    case nothing
    /// A sentence for the user (`{"message": …}` in JSON).
    case message(String)
    /// Output that renders itself, once per format.
    case rendered(any CommandRendering)
    /// The shell should run the commands of this script file.
    case runScript(String)
    /// The session should end.
    case quit
}

/// Output that knows how it reads in every format: a feature's command defines one type per kind
/// of output, beside the command, so adding an output never means editing a central switch.
public protocol CommandRendering {
    /// Aligned text for people, or `nil` to print nothing; `styling` may bold a header.
    func table(styling: Styling) -> String?
    /// Tab-separated values without decoration, or `nil` to print nothing.
    func plain() -> String?
    /// Exactly one JSON document, on one line.
    func json() -> String
}

/// Output already rendered in each format (for one-off outputs such as status tables).
public struct PrerenderedOutput: CommandRendering {
    private let tableText: String?
    private let plainText: String?
    private let jsonText: String

    /// Wraps the three renderings.
    public init(table: String?, plain: String?, json: String) {
        tableText = table
        plainText = plain
        jsonText = json
    }

    /// The table text.
    public func table(styling: Styling) -> String? { tableText }
    /// The plain text.
    public func plain() -> String? { plainText }
    /// The JSON text.
    public func json() -> String { jsonText }
}

extension CommandOutput {
    /// Output rendered in advance: `table`, `plain` and `json` text.
    public static func rendered(table: String?, plain: String?, json: String) -> CommandOutput {
        .rendered(PrerenderedOutput(table: table, plain: plain, json: json))
    }

    /// The same text in the table and plain formats, and `json` in JSON.
    public static func text(_ text: String, json: String) -> CommandOutput {
        .rendered(PrerenderedOutput(table: text, plain: text, json: json))
    }
}
