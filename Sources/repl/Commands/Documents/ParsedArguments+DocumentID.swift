import Domain
import ShellKit

extension ParsedArguments {
    /// The positional argument `name` as a document identifier, by the Domain's rule.
    func documentID(_ name: String = "ID") throws(CommandFailure) -> Document.ID {
        try Self.documentID(value(name), name: name)
    }

    /// A word as a document identifier, named `name` when it is missing.
    static func documentID(_ word: String?, name: String = "ID") throws(CommandFailure) -> Document.ID {
        let number = try id(word, name: name)
        do {
            return try DocumentRules.id(number)
        } catch {
            throw CommandFailure(error)
        }
    }
}
