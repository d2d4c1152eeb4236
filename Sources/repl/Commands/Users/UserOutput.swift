import Domain
import ShellKit

/// A user profile and where it came from.
struct UserOutput: CommandRendering {
    let user: User
    let provenance: Provenance

    func table(styling: Styling) -> String? {
        let rows = [["name", user.name], ["email", user.email], ["bio", user.bio], ["origin", provenance.text]]
        return "User \(user.id)\n" + TextTable.render(rows: rows)
    }

    func plain() -> String? { [user.id.description, user.name, user.email, user.bio].joined(separator: "\t") }

    func json() -> String {
        JSONOutput.encode(
            UserJSON(
                id: user.id.rawValue, name: user.name, email: user.email, bio: user.bio,
                origin: provenance.origin.rawValue,
                freshness: provenance.freshness.rawValue, ageSeconds: provenance.ageSeconds))
    }
}

/// A user profile in the shell's JSON; field names are a contract: add, never rename.
struct UserJSON: Encodable {
    let id: Int
    let name: String
    let email: String
    let bio: String
    let origin: String
    let freshness: String
    let ageSeconds: Int
}

extension User: ItemRendering {
    /// A profile read from `provenance`.
    static func output(_ item: User, provenance: Provenance) -> CommandOutput {
        .rendered(UserOutput(user: item, provenance: provenance))
    }
}
