import Foundation

/// The width to lay text out in, never zero or absurd.
public enum TerminalSize {
    /// Columns of the terminal, else `COLUMNS` when sane, else 80.
    public static func columns() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, isSane(Int(size.ws_col)) {
            return Int(size.ws_col)
        }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text), isSane(value) {
            return value
        }
        return Constants.fallback
    }
}

// MARK: - Private

extension TerminalSize {
    private enum Constants {
        static let fallback = 80
        static let range = 20...1000
    }

    private static func isSane(_ value: Int) -> Bool { Constants.range.contains(value) }
}
