public import Domain
import Logging

/// Imports many documents: checks every draft first, so a bad record imports nothing, then
/// saves them in order and publishes the progress after each one.
public final class DocumentImportViewModel: StatefulViewModel {
    /// The state and its observers.
    public let store = StateStore(DocumentImportViewState.idle)
    /// The running import.
    public let tasks = TaskBag()
    private let createDocument: CreateDocumentUseCase
    private let logger = Logger(label: "strata.presentation")

    /// Creates the view model over its use case.
    public init(createDocument: CreateDocumentUseCase) {
        self.createDocument = createDocument
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit DocumentImportViewModel")
    }

    /// Starts importing `drafts`; a draft that breaks a rule fails the import before anything is
    /// saved, naming its 1-based record number.
    @discardableResult
    public func start(_ drafts: [DocumentDraft]) -> Task<Void, Never> {
        let total = drafts.count
        if let (index, error) = drafts.enumerated().lazy.compactMap({ item in
            DocumentRules.check(item.element).map { (item.offset, $0) }
        }).first {
            let message = "record \(index + 1): \(UserMessages.text(for: error))"
            store.set(.failed(imported: 0, total: total, message: message))
            return Task {}
        }
        store.set(.importing(done: 0, total: total))
        let create = createDocument
        return tasks.run("import") { [weak self] in
            for (index, draft) in drafts.enumerated() {
                let result = await create.execute(draft)
                guard let self else { return }
                if Task.isCancelled {
                    self.store.set(
                        .failed(imported: index, total: total, message: UserMessages.text(for: DocumentError.cancelled))
                    )
                    return
                }
                if case .failure(let error) = result {
                    let message = "record \(index + 1): \(UserMessages.text(for: error))"
                    self.store.set(.failed(imported: index, total: total, message: message))
                    return
                }
                self.store.set(.importing(done: index + 1, total: total))
            }
            self?.store.set(.finished(imported: total))
        }
    }

    /// Stops the import after the document being saved; what is saved stays saved.
    public func onDisappear() {
        tasks.cancelAll()
        if case .importing(let done, let total) = store.state {
            store.set(.failed(imported: done, total: total, message: UserMessages.text(for: DocumentError.cancelled)))
        }
    }
}
