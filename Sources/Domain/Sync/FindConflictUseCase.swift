/// Finds the conflict a document or a feature's item is in, for the editor to show both versions.
public struct FindConflictUseCase: Sendable {
    private let repository: any SyncRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any SyncRepositoryProtocol) {
        self.repository = repository
    }

    /// The conflict on the item `itemId` of `collection` (documents, or a feature's), or `nil`
    /// when there is none (or it cannot be read).
    ///
    /// ```swift
    /// let conflict = await FindConflictUseCase(repository: sync).execute(collection: "expenses", itemId: 3)
    /// ```
    public func execute(collection: String, itemId: Int) async -> ItemConflict? {
        let found = await Result.catching { () async throws(SyncError) in
            try await repository.conflict(collection: collection, itemId: itemId)
        }
        return (try? found.get()) ?? nil
    }
}
