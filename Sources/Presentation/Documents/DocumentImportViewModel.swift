public import Domain
import Logging

/// Imports many documents: checks every draft first, so a bad record imports nothing, then
/// saves them a chunk at a time (one transaction and one batch each) and publishes the progress
/// after each chunk.
public final class DocumentImportViewModel: StatefulViewModel {
    /// The state and its observers.
    public let store = StateStore(DocumentImportViewState.idle)
    /// The running import.
    public let tasks = TaskBag()
    private let importDocuments: ImportDocumentsUseCase
    private let chunkSize: Int
    private let logger = Logger(label: "strata.presentation")

    /// Creates the view model over its use case; `chunkSize` drafts are saved together.
    public init(importDocuments: ImportDocumentsUseCase, chunkSize: Int = 500) {
        self.importDocuments = importDocuments
        self.chunkSize = max(1, chunkSize)
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
        let save = importDocuments
        let chunks = stride(from: 0, to: total, by: chunkSize).map { drafts[$0..<min($0 + chunkSize, total)] }
        return tasks.run("import") { [weak self] in
            for chunk in chunks {
                let result = await save.execute(Array(chunk))
                guard let self else { return }
                if Task.isCancelled {
                    self.store.set(
                        .failed(
                            imported: chunk.startIndex, total: total,
                            message: UserMessages.text(for: DocumentError.cancelled)))
                    return
                }
                if case .failure(let error) = result {
                    let records =
                        chunk.count == 1
                        ? "record \(chunk.startIndex + 1)" : "records \(chunk.startIndex + 1)-\(chunk.endIndex)"
                    self.store.set(
                        .failed(
                            imported: chunk.startIndex, total: total,
                            message: "\(records): \(UserMessages.text(for: error))"))
                    return
                }
                self.store.set(.importing(done: chunk.endIndex, total: total))
            }
            self?.store.set(.finished(imported: total))
        }
    }

    /// Stops the import after the chunk being saved; what is saved stays saved.
    public func onDisappear() {
        tasks.cancelAll()
        if case .importing(let done, let total) = store.state {
            store.set(.failed(imported: done, total: total, message: UserMessages.text(for: DocumentError.cancelled)))
        }
    }
}
