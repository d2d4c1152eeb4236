import Domain

extension DocumentDTO {
    /// The Domain document; the server issues positive identifiers and versions.
    func toDomain() throws(RemoteError) -> Document {
        guard let documentID = Document.ID.server(id), version > 0 else {
            throw .invalidData("document \(id) has version \(version)")
        }
        return Document(
            id: documentID, title: title, body: body, tags: tags, createdAt: createdAt, updatedAt: updatedAt,
            version: version, syncState: .synced)
    }
}

extension DocumentSummaryDTO {
    /// The Domain summary.
    func toDomain() throws(RemoteError) -> DocumentSummary {
        guard let documentID = Document.ID.server(id), version > 0 else {
            throw .invalidData("document \(id) has version \(version)")
        }
        return DocumentSummary(id: documentID, title: title, tags: tags, updatedAt: updatedAt, version: version)
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
        let changed = documents ?? []
        let mapped = try changed.map { dto throws(RemoteError) in try dto.document.toDomain() }
        var validators: [Document.ID: String] = [:]
        for (document, dto) in zip(mapped, changed) { validators[document.id] = dto.etag }
        let gone = try (deleted ?? []).map { number throws(RemoteError) in
            guard let id = Document.ID.server(number) else { throw .invalidData("deleted document \(number)") }
            return id
        }
        return RemoteChanges(
            documents: mapped, validators: validators, deleted: gone, serverVersion: serverVersion, more: more ?? false)
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
