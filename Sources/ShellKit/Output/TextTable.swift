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
    }

    private static func truncated(_ cell: String, to width: Int) -> String {
        cell.count <= width ? cell : String(cell.prefix(max(width - 1, 0))) + "…"
    }
}
