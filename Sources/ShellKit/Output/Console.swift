import Foundation

/// Writes to the process's standard streams without buffering, so stdout and stderr stay in order
/// when both go to the same place (transcripts, pipes); control characters that came with the data
/// are shown, not obeyed (``TerminalText``).
public struct Console {
    /// Whether standard input is a terminal.
    public let inputIsTerminal: Bool
    /// Whether standard output is a terminal.
    public let outputIsTerminal: Bool

    /// A console with these terminal states.
    public init(inputIsTerminal: Bool, outputIsTerminal: Bool) {
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
    }

    /// Reads the terminal state of the current process.
    public static func current() -> Console {
        Console(inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1)
    }

    /// Writes `text` to standard output, adding a newline when it has none.
    public func out(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes `text` to standard error, adding a newline when it has none.
    public func err(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Writes `text` to `descriptor` as it is, with no newline added and nothing escaped: a prompt
    /// the answer goes beside, a progress line that redraws itself.
    ///
    /// A reader that went away (a closed pipe, a hung-up terminal) is no error: the text is
    /// dropped. Foundation's `FileHandle.write(_:)` stops the process with a fatal error then.
    public static func writeVerbatim(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return  // The reader went away (EPIPE, EIO); nothing useful is left to do with the text.
            }
        }
    }
}

// MARK: - Private

extension Console {
    private func write(_ text: String, to descriptor: Int32) {
        let shown = TerminalText.shown(text)
        Self.writeVerbatim(shown.utf8.last == UInt8(ascii: "\n") ? shown : shown + "\n", to: descriptor)
    }
}
