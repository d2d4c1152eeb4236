/// The rules for user profiles.
public enum UserRules {
    /// The user identifier written as `number`; only positive numbers are identifiers.
    public static func id(_ number: Int) throws(UserError) -> User.ID {
        guard let id = User.ID(rawValue: number) else { throw .invalidID(number) }
        return id
    }
}
