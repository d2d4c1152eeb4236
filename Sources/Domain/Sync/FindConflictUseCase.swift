/// Finds the conflict a document or a feature's item is in, for the editor to show both versions.
public struct FindConflictUseCase: Sendable {
    private let repository: any SyncRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any SyncRepositoryProtocol) {
        self.repository = repository
    }

    /// The conflict on `documentId`, or `nil` when there is none (or it cannot be read).
    ///
    /// ```swift
    /// let conflict = await FindConflictUseCase(repository: sync).execute(documentId: document.id)
    /// ```
    public func execute(documentId: Document.ID) async -> DocumentConflict? {
        let all = await Result.catching { () async throws(SyncError) in try await repository.conflicts() }
        return (try? all.get())?.first { $0.documentId == documentId }
    }

    /// The conflict on the item `itemId` of a feature's `collection`, or `nil` when there is none
    /// (or it cannot be read).
    ///
    /// ```swift
    /// let conflict = await FindConflictUseCase(repository: sync).execute(collection: "expenses", itemId: 3)
    /// ```
    public func execute(collection: String, itemId: Int) async -> ItemConflict? {
        let all = await Result.catching { () async throws(SyncError) in try await repository.itemConflicts() }
        return (try? all.get())?.first { $0.collection == collection && $0.itemId == itemId }
    }
}
