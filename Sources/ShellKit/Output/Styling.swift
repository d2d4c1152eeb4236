import Foundation

/// When output is coloured: `--color auto|always|never`.
public enum ColorChoice: String, CaseIterable, Sendable {
    /// Colour when stdout is a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
    case auto
    /// Always colour.
    case always
    /// Never colour.
    case never
}

/// ANSI styling of shell output, or none.
public struct Styling: Equatable, Sendable {
    /// Whether escape sequences are written.
    public let isEnabled: Bool

    /// Styling that writes escape sequences when `isEnabled`.
    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Decides from the choice, the terminal and the environment (see ``ColorChoice``).
    public static func resolve(_ choice: ColorChoice, stdoutIsTerminal: Bool, environment: [String: String]) -> Styling
    {
        switch choice {
        case .always: return Styling(isEnabled: true)
        case .never: return Styling(isEnabled: false)
        case .auto:
            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
            let dumb = environment["TERM"] == "dumb"
            return Styling(isEnabled: stdoutIsTerminal && !noColor && !dumb)
        }
    }

    /// `text` in bold.
    public func bold(_ text: String) -> String { wrap(text, "1") }
    /// `text` in bold red, for errors.
    public func error(_ text: String) -> String { wrap(text, "1;31") }
    /// `text` in yellow, for warnings and cancellations.
    public func warning(_ text: String) -> String { wrap(text, "33") }
    /// `text` dimmed, for secondary information.
    public func dim(_ text: String) -> String { wrap(text, "2") }

    /// `table` with its first line (the header) in bold.
    public func boldFirstLine(_ table: String) -> String {
        guard isEnabled, let newline = table.firstIndex(of: "\n") else { return table }
        return bold(String(table[..<newline])) + table[newline...]
    }
}

// MARK: - Private

extension Styling {
    /// Every escape sequence styling writes, which ``TerminalText`` lets through.
    static let sequences = ["1", "1;31", "33", "2", "0"].map { "\u{1B}[\($0)m" }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
