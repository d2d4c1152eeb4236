import Domain
import ShellKit

extension ParsedArguments {
    /// The positional argument `name` as a user identifier, by the Domain's rule.
    func userID(_ name: String = "ID") throws(CommandFailure) -> User.ID {
        let number = try id(name)
        do {
            return try UserRules.id(number)
        } catch {
            throw CommandFailure(error)
        }
    }
}
