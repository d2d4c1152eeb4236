/// Conversions from command-line words to typed values, with the shell's error messages.
enum ArgumentValues {
    /// A whole-number identifier; range checks are the Domain's.
    static func id(_ word: String?, name: String = "ID") -> Result<Int, CommandFailure> {
        guard let word else { return .failure(CommandFailure("missing \(name)")) }
        guard let value = Int(word) else {
            return .failure(CommandFailure("invalid id '\(word)' (expected a positive whole number)"))
        }
        return .success(value)
    }
}
