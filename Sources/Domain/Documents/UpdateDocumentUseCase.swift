/// Validates and applies changes to an existing document.
public struct UpdateDocumentUseCase: Sendable {
    private let repository: any DocumentRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any DocumentRepositoryProtocol) {
        self.repository = repository
    }

    /// Applies the changes; nothing is saved when a rule is broken.
    ///
    /// ```swift
    /// let result = await UpdateDocumentUseCase(repository: repository)
    ///     .execute(id: try DocumentRules.id(1), changes: DocumentChanges(DocumentDraft(title: "Renamed", body: "", tags: []), fields: [.title]))
    /// ```
    public func execute(id: Document.ID, changes: DocumentChanges) async -> Result<Document, DocumentError> {
        if let error = DocumentRules.check(changes) { return .failure(error) }
        var values = changes.values
        values.title = DocumentRules.normalized(title: values.title)
        let normalized = DocumentChanges(values, fields: changes.fields)
        return await .catching { () async throws(DocumentError) in
            try await repository.update(id: id, with: normalized)
        }
    }
}
