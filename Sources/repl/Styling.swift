import ArgumentParser
import Foundation

/// When output is coloured: `--color auto|always|never`.
nonisolated enum ColorChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Colour when stdout is a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
    case auto
    /// Always colour.
    case always
    /// Never colour.
    case never
}

/// ANSI styling of shell output, or none.
struct Styling: Equatable {
    /// Whether escape sequences are written.
    let isEnabled: Bool

    /// Decides from the choice, the terminal and the environment (see ``ColorChoice``).
    static func resolve(_ choice: ColorChoice, stdoutIsTerminal: Bool, environment: [String: String]) -> Styling {
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
    func bold(_ text: String) -> String { wrap(text, "1") }
    /// `text` in bold red, for errors.
    func error(_ text: String) -> String { wrap(text, "1;31") }
    /// `text` in yellow, for warnings and cancellations.
    func warning(_ text: String) -> String { wrap(text, "33") }
    /// `text` dimmed, for secondary information.
    func dim(_ text: String) -> String { wrap(text, "2") }
}

// MARK: - Private

extension Styling {
    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
