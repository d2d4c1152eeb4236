/// Renders command output as text in one of the output formats.
public struct OutputRenderer {
    /// The format to render in.
    public let format: OutputFormat
    /// How tables are styled (bold headers on a terminal).
    public var styling: Styling

    /// A renderer for `format`.
    public init(format: OutputFormat, styling: Styling = Styling(isEnabled: false)) {
        self.format = format
        self.styling = styling
    }

    /// The text to print for `output`, or `nil` when there is nothing to print.
    public func render(_ output: CommandOutput) -> String? {
        switch output {
        case .nothing, .quit, .runScript: nil
        case .message(let text): format == .json ? JSONOutput.encode(MessageJSON(message: text)) : text
        case .rendered(let rendering):
            switch format {
            case .table: rendering.table(styling: styling)
            case .plain: rendering.plain()
            case .json: rendering.json()
            }
        }
    }
}

// MARK: - Private

extension OutputRenderer {
    /// `{"message": …}`.
    private struct MessageJSON: Encodable {
        let message: String
    }
}
