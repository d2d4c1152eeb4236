/// Validates and saves a new document.
public struct CreateDocumentUseCase: Sendable {
    private let repository: any DocumentRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any DocumentRepositoryProtocol) {
        self.repository = repository
    }

    /// Saves the draft as a new document; nothing is saved when a rule is broken.
    ///
    /// ```swift
    /// let result = await CreateDocumentUseCase(repository: repository)
    ///     .execute(DocumentDraft(title: "Groceries", body: "milk", tags: ["home"]))
    /// ```
    public func execute(_ draft: DocumentDraft) async -> Result<Document, DocumentError> {
        if let error = DocumentRules.check(draft) { return .failure(error) }
        var normalized = draft
        normalized.title = DocumentRules.normalized(title: draft.title)
        return await .catching { () async throws(DocumentError) in try await repository.create(normalized) }
    }
}
