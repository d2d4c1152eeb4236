/// Conversions from command-line words to typed values, with the shell's error messages.
enum ArgumentValues {
    /// A whole-number identifier; range checks are the Domain's.
    static func id(_ word: String?, name: String = "ID") -> Result<Int, CommandFailure> {
        guard let word else { return .failure(CommandFailure("missing \(name)")) }
        guard let value = Int(word) else {
            return .failure(CommandFailure("invalid id '\(word)' (expected a whole number)"))
        }
        return .success(value)
    }
}

extension ArgumentValues {
    /// A whole number within `range`, named `name` in messages; `fallback` when the word is absent.
    static func number(
        _ word: String?, name: String, in range: ClosedRange<Int>, fallback: Int? = nil
    ) -> Result<Int, CommandFailure> {
        guard let word else {
            return fallback.map { .success($0) } ?? .failure(CommandFailure("missing \(name)"))
        }
        guard let value = Int(word), range.contains(value) else {
            return .failure(
                CommandFailure("invalid \(name) '\(word)' (expected \(range.lowerBound) to \(range.upperBound))")
            )
        }
        return .success(value)
    }
}
