import Domain
import Logging

/// One document, read by id.
public final class DocumentDetailViewModel: ItemViewModel {
    /// The state and its observers.
    public let store = StateStore(DocumentDetailViewState.idle)
    /// The running load.
    public let tasks = TaskBag()
    /// The document shown.
    public let id: Int
    private let fetchDocument: FetchDocumentUseCase
    private let logger = Logger(label: "strata.presentation")

    /// Creates the view model for document `id`.
    public init(id: Int, fetchDocument: FetchDocumentUseCase) {
        self.id = id
        self.fetchDocument = fetchDocument
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit DocumentDetailViewModel")
    }

    /// Reads the document through the use case.
    public func fetcher(policy: ReadPolicy) -> @Sendable () async -> Result<Fetched<Document>, ItemLoadFailure> {
        { [fetchDocument, id] in
            await fetchDocument.execute(id: id, policy: policy).mapError { error in
                error == .cancelled ? .cancelled : .message(UserMessages.text(for: error))
            }
        }
    }
}
