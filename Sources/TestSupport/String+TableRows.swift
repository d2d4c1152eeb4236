extension String {
    /// The values of every row `label` of the shell's output, in order, however wide the table's
    /// label column is (a new row with a longer label widens every row).
    public func rowValues(_ label: String) -> [Substring] {
        split(separator: "\n").filter { $0.hasPrefix(label + " ") }.map { $0.dropFirst(label.count).drop { $0 == " " } }
    }

    /// Whether the output has a row `label` whose value starts with `value`.
    public func hasRow(_ label: String, startingWith value: String) -> Bool {
        rowValues(label).contains { $0.hasPrefix(value) }
    }
}
