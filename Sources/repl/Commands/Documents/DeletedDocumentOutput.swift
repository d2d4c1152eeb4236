import ShellKit

/// A deleted document's identifier.
struct DeletedDocumentOutput: CommandRendering {
    let id: Int

    func table(styling: Styling) -> String? { "Deleted document \(id)." }
    func plain() -> String? { String(id) }
    func json() -> String { JSONOutput.encode(JSON(deleted: id)) }

    /// The answer to `docs delete`.
    struct JSON: Encodable {
        let deleted: Int
    }
}
