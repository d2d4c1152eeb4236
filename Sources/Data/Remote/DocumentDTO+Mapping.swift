import Domain

extension DocumentDTO {
    /// The Domain document; identifiers and versions must be positive.
    func toDomain() throws(RemoteError) -> Document {
        guard id > 0, version > 0 else { throw .invalidData("document \(id) has version \(version)") }
        return Document(
            id: id, title: title, body: body, tags: tags, createdAt: createdAt, updatedAt: updatedAt, version: version
        )
    }
}

extension DocumentSummaryDTO {
    /// The Domain summary.
    func toDomain() throws(RemoteError) -> DocumentSummary {
        guard id > 0, version > 0 else { throw .invalidData("document \(id) has version \(version)") }
        return DocumentSummary(id: id, title: title, tags: tags, updatedAt: updatedAt, version: version)
    }
}

extension DocumentListDTO {
    /// The Domain summaries, in the server's order.
    func toDomain() throws(RemoteError) -> [DocumentSummary] {
        try items.map { item throws(RemoteError) in try item.toDomain() }
    }
}

extension DocumentChangesDTO {
    /// The Domain page of changes.
    func toDomain() throws(RemoteError) -> RemoteChanges {
        let mapped = try (documents ?? []).map { dto throws(RemoteError) in try dto.toDomain() }
        return RemoteChanges(
            documents: mapped, deleted: deleted ?? [], serverVersion: serverVersion, more: more ?? false)
    }
}

extension UserDTO {
    /// The Domain user.
    func toDomain() throws(RemoteError) -> User {
        guard id > 0 else { throw .invalidData("user id \(id)") }
        return User(id: id, name: name, email: email, bio: bio)
    }
}

extension DocumentInputDTO {
    /// The body for a new document.
    init(_ draft: DocumentDraft) {
        self.init(title: draft.title, body: draft.body, tags: draft.tags)
    }

    /// The body for a change.
    init(_ changes: DocumentChanges) {
        self.init(title: changes.title, body: changes.body, tags: changes.tags)
    }
}
