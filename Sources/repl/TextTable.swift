/// Lays rows of cells out in left-aligned columns separated by two spaces; lines never end in spaces.
enum TextTable {
    /// The rows as lines; the last cell of a row is never padded.
    static func render(rows: [[String]]) -> String {
        let columnCount = rows.map(\.count).max() ?? 0
        let widths = (0..<columnCount).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ").trimmingTrailingWhitespace()
        }.joined(separator: "\n")
    }
}

extension String {
    /// The string without trailing spaces and tabs.
    func trimmingTrailingWhitespace() -> String {
        var copy = self
        while copy.last == " " || copy.last == "\t" { copy.removeLast() }
        return copy
    }
}
