/// Lays rows of cells out in left-aligned columns separated by two spaces; lines never end in
/// spaces and never run past the width.
public enum TextTable {
    /// The rows as lines; the last cell of a row is never padded.
    ///
    /// When the table is wider than `width`, the widest columns shrink and their long cells end
    /// in `…`.
    public static func render(rows: [[String]], width: Int = TerminalSize.columns()) -> String {
        let columnCount = rows.map(\.count).max() ?? 0
        let natural = (0..<columnCount).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        let widths = fitted(natural, into: width)
        return rows.map { row in
            row.enumerated().map { column, cell in
                let shown = truncated(cell, to: widths[column])
                return column == row.count - 1
                    ? shown : shown + String(repeating: " ", count: widths[column] - shown.count)
            }.joined(separator: Constants.gap).trimmingTrailingWhitespace()
        }.joined(separator: "\n")
    }

    /// The rows as lines, the last column wrapped at spaces to fit `width` and continued under
    /// itself: for text read whole, such as help, where `render(rows:width:)` would cut it.
    ///
    /// The other columns keep their natural widths; the last keeps at least
    /// `Constants.minimumWrapWidth` columns, and a word longer than that stands on a line of its own.
    public static func renderWrapping(rows: [[String]], width: Int = TerminalSize.columns()) -> String {
        let leading = (0..<max((rows.map(\.count).max() ?? 0) - 1, 0)).map { column in
            rows.map { column < $0.count - 1 ? $0[column].count : 0 }.max() ?? 0
        }
        let indent = leading.reduce(0) { $0 + $1 + Constants.gap.count }
        let room = max(width - indent, Constants.minimumWrapWidth)
        return rows.flatMap { row -> [String] in
            guard let text = row.last else { return [""] }
            let cells = row.dropLast().enumerated().map { column, cell in
                cell + String(repeating: " ", count: leading[column] - cell.count) + Constants.gap
            }.joined()
            // A row with fewer cells than the others starts its text where theirs starts.
            let start = cells + String(repeating: " ", count: indent - cells.count)
            return lines(of: text, within: room).enumerated().map { index, line in
                ((index == 0 ? start : String(repeating: " ", count: indent)) + line).trimmingTrailingWhitespace()
            }
        }.joined(separator: "\n")
    }

    /// Column widths that fit `width`: the widest column gives way first, down to a minimum.
    public static func fitted(_ natural: [Int], into width: Int) -> [Int] {
        var widths = natural
        var excess = widths.reduce(0, +) + Constants.gap.count * max(widths.count - 1, 0) - width
        while excess > 0, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
            widths[widest] > Constants.minimumWidth
        {
            let others = widths.indices.filter { $0 != widest }.map { widths[$0] }.max() ?? 0
            // Shrink to the next widest column (or as far as needed), at least one column.
            let target = max(Constants.minimumWidth, others, widths[widest] - excess)
            let cut = max(widths[widest] - target, 1)
            widths[widest] -= cut
            excess -= cut
        }
        return widths
    }
}

extension String {
    /// The string without trailing spaces and tabs.
    public func trimmingTrailingWhitespace() -> String {
        var copy = self
        while copy.last == " " || copy.last == "\t" { copy.removeLast() }
        return copy
    }
}

// MARK: - Private

extension TextTable {
    private enum Constants {
        static let gap = "  "
        static let minimumWidth = 4
        static let minimumWrapWidth = 20
    }

    /// `text` broken into lines of at most `width` characters where its words allow: at spaces,
    /// and after the `|` of a list of choices (`local|remote|merged`).
    private static func lines(of text: String, within width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let pieces = word.split(separator: "|", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                let glued = piece + (index < pieces.count - 1 ? "|" : "")
                let gap = line.isEmpty || index > 0 ? "" : " "
                if line.isEmpty || line.count + gap.count + glued.count <= width {
                    line += gap + glued
                } else {
                    lines.append(line)
                    line = String(glued)
                }
            }
        }
        return lines + [line]
    }

    private static func truncated(_ cell: String, to width: Int) -> String {
        cell.count <= width ? cell : String(cell.prefix(max(width - 1, 0))) + "…"
    }
}
