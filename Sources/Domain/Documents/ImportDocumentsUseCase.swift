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
    ///     .execute([DocumentDraft(title: "Groceries", body: "", tags: []), DocumentDraft(title: "Recipes", body: "", tags: [])])
    /// ```
    public func execute(_ drafts: [DocumentDraft]) async -> Result<Void, DocumentError> {
        await .catching { () async throws(DocumentError) in try await repository.create(try Self.checked(drafts)) }
    }

    /// Saves the drafts as ``execute(_:)`` does, but only queues them for the server.
    ///
    /// ``send()`` sends them: an import saves its next part while the earlier ones are sent.
    ///
    /// ```swift
    /// let importing = ImportDocumentsUseCase(repository: repository)
    /// for part in parts { _ = await importing.save(part) }
    /// await importing.send()
    /// ```
    public func save(_ drafts: [DocumentDraft]) async -> Result<Void, DocumentError> {
        await .catching { () async throws(DocumentError) in try await repository.queue(try Self.checked(drafts)) }
    }

    /// Sends what ``save(_:)`` queued, when the server can be reached (else it stays queued).
    public func send() async {
        await repository.sendQueued()
    }

    /// The drafts with their titles normalized, or the first rule one breaks.
    private static func checked(_ drafts: [DocumentDraft]) throws(DocumentError) -> [DocumentDraft] {
        if let error = drafts.lazy.compactMap(DocumentRules.check).first { throw error }
        return drafts.map { draft in
            var draft = draft
            draft.title = DocumentRules.normalized(title: draft.title)
            return draft
        }
    }
}
