/// Validates and saves many new documents at once (an import): all of them, or none.
public struct ImportDocumentsUseCase: Sendable {
    private let repository: any DocumentRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any DocumentRepositoryProtocol) {
        self.repository = repository
    }

    /// Saves the drafts as new documents; nothing is saved when any breaks a rule.
    ///
    /// ```swift
    /// let result = await ImportDocumentsUseCase(repository: repository)
    ///     .execute([DocumentDraft(title: "Groceries"), DocumentDraft(title: "Recipes")])
    /// ```
    public func execute(_ drafts: [DocumentDraft]) async -> Result<Void, DocumentError> {
        if let error = drafts.lazy.compactMap(DocumentRules.check).first { return .failure(error) }
        let normalized = drafts.map { draft in
            var draft = draft
            draft.title = DocumentRules.normalized(title: draft.title)
            return draft
        }
        return await .catching { () async throws(DocumentError) in try await repository.create(normalized) }
    }
}
