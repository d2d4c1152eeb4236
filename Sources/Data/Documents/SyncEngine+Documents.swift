public import Domain

/// What ``SyncRepositoryProtocol`` asks of documents in particular: their conflicts as documents
/// (which offer a merge), and the policy `conflicts policy` shows and sets.
extension SyncEngine {
    /// The documents' conflicts waiting for the user, oldest first.
    public func conflicts() async throws(SyncError) -> [DocumentConflict] {
        guard let documents else { return [] }
        let entries = try store { () throws(StorageError) in
            try outbox.entries(of: DocumentResource.collection, in: .conflict)
        }
        var found: [DocumentConflict] = []
        for entry in entries {
            let (local, remote) = try store { () throws(StorageError) in try documents.typedConflict(entry) }
            guard let id = Document.ID(rawValue: entry.itemId) else { continue }
            found.append(DocumentConflict(entryId: entry.seq ?? 0, documentId: id, local: local, remote: remote))
        }
        return found
    }

    /// The other collections' conflicts waiting for the user, as fields, oldest first.
    public func itemConflicts() async throws(SyncError) -> [ItemConflict] {
        try conflicts(excluding: [DocumentResource.collection])
    }

    /// Settles a document's conflict the user resolved, then sends what is left; returns the
    /// document as the user sees it now, `nil` when a deletion was kept (the server's or this
    /// device's).
    public func resolve(entryId: Int, keeping resolution: ConflictResolution) async throws(SyncError) -> Document? {
        guard let entry = try store({ () throws(StorageError) in try outbox.entry(entryId) }),
            entry.collection == DocumentResource.collection, let documents
        else { throw .noSuchEntry(entryId) }
        guard entry.state == .conflict else { throw .notInConflict(entryId) }
        let local = try store { () throws(StorageError) in try documents.typedConflict(entry) }.local
        let kept = try await documents.resolve(entry, keeping: resolution)
        return resolution == .remote ? kept : kept ?? local
    }

    /// The documents' store.
    private nonisolated var documents: FeatureStore<DocumentResource>? {
        collection(DocumentResource.collection) as? FeatureStore<DocumentResource>
    }
}
