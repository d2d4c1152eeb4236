import ShellKit

/// A deleted item's identifier (`Deleted document 3.` in a table).
struct DeletedItemOutput: CommandRendering {
    /// What the item is, as the sentence names it (`document`, `recipe`).
    let noun: String
    let id: Int

    func table(styling: Styling) -> String? { "Deleted \(noun) \(id)." }
    func plain() -> String? { String(id) }
    func json() -> String { JSONOutput.encode(JSON(deleted: id)) }

    /// The answer to a `delete` command.
    struct JSON: Encodable {
        let deleted: Int
    }
}
