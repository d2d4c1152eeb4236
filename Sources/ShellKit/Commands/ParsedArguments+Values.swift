extension ParsedArguments {
    /// The positional argument `name`, or the failure "missing NAME".
    public func required(_ name: String) throws(CommandFailure) -> String {
        guard let word = value(name) else { throw CommandFailure("missing \(name)") }
        return word
    }

    /// The positional argument `name` as a whole-number identifier; range checks are the app's.
    public func id(_ name: String = "ID") throws(CommandFailure) -> Int {
        try Self.id(value(name), name: name)
    }

    /// A word as a whole-number identifier, named `name` when it is missing.
    public static func id(_ word: String?, name: String = "ID") throws(CommandFailure) -> Int {
        guard let word else { throw CommandFailure("missing \(name)") }
        guard let value = Int(word) else { throw CommandFailure("invalid id '\(word)' (expected a whole number)") }
        return value
    }

    /// The positional argument `name` as a whole number within `range`, called `label` in messages.
    public func number(_ name: String, label: String, in range: ClosedRange<Int>) throws(CommandFailure) -> Int {
        try Self.number(value(name), label: label, in: range)
    }

    /// The flag `name`'s value as a whole number within `range`, or `fallback` when it is absent.
    public func number(flag name: String, label: String, in range: ClosedRange<Int>, fallback: Int)
        throws(CommandFailure) -> Int
    {
        try Self.number(flag(name), label: label, in: range, fallback: fallback)
    }

    /// A word as a whole number within `range`, called `label` in messages; `fallback` when absent.
    public static func number(
        _ word: String?, label: String, in range: ClosedRange<Int>, fallback: Int? = nil
    ) throws(CommandFailure) -> Int {
        guard let word else {
            guard let fallback else { throw CommandFailure("missing \(label)") }
            return fallback
        }
        guard let value = Int(word), range.contains(value) else {
            throw CommandFailure("invalid \(label) '\(word)' (expected \(range.lowerBound) to \(range.upperBound))")
        }
        return value
    }

    /// The positional argument `name` as one of `choices`, by its raw value.
    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, as type: Choice.Type, label: String
    ) throws(CommandFailure) -> Choice where Choice.RawValue == String {
        let word = value(name) ?? ""
        guard let choice = Choice(rawValue: word) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandFailure("invalid \(label) '\(word)' (expected one of: \(allowed))")
        }
        return choice
    }
}
