extension String {
    /// Whether the shell's output has a row `label` whose value starts with `value`, however wide
    /// the table's label column is (a new row with a longer label widens every row).
    public func hasRow(_ label: String, startingWith value: String) -> Bool {
        split(separator: "\n").contains { line in
            guard line.hasPrefix(label + " ") else { return false }
            return line.dropFirst(label.count).drop { $0 == " " }.hasPrefix(value)
        }
    }

    /// The values of every row `label`, in order, however wide the label column is.
    public func rowValues(_ label: String) -> [Substring] {
        split(separator: "\n").filter { $0.hasPrefix(label + " ") }.map { $0.dropFirst(label.count).drop { $0 == " " } }
    }
}
