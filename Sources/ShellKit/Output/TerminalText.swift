/// Text as the shell writes it: a control character that came with the data (from the server, a
/// file, another device) is shown, never obeyed.
///
/// A title holding `ESC ] 52 ;` could otherwise write to the clipboard, `ESC [ 2 J` clear the
/// screen and `CR` hide what came before it on the line. Line feeds and tabs pass, and so do the
/// shell's own colours (``Styling``'s sequences); every other C0 control and DEL is shown as its
/// Unicode control picture (`␛`, `␀`, `␍`), and a C1 control as `�`.
public enum TerminalText {
    /// `text` safe to write to a terminal.
    public static func shown(_ text: String) -> String {
        guard needsChange(text) else { return text }
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.first {
            if scalar == "\u{1B}",
                let styling = Styling.sequences.first(where: { scalars.starts(with: $0.unicodeScalars) })
            {
                output.append(contentsOf: styling.unicodeScalars)
                scalars.removeFirst(styling.unicodeScalars.count)
                continue
            }
            output.append(picture(of: scalar))
            scalars.removeFirst()
        }
        return String(output)
    }

    /// `text` with each line feed shown as its picture (`␊`): an error is one line, even when it
    /// quotes a word typed across lines.
    public static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(0x0A) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { output.append(scalar == "\n" ? "\u{240A}" : scalar) }
        return String(output)
    }

    /// Whether `text` holds a control character other than a line feed or a tab (bytes checked, so
    /// the common text costs one pass).
    private static func needsChange(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F { return true }
            // C1 controls (U+0080 to U+009F) are 0xC2 0x80 to 0xC2 0x9F in UTF-8.
            if previous == 0xC2 && (0x80...0x9F).contains(byte) { return true }
            previous = byte
        }
        return false
    }

    private static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x0A, 0x09: scalar
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        case 0x80...0x9F: "\u{FFFD}"
        default: scalar
        }
    }
}
