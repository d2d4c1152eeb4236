public import Domain
import Logging
public import Observation

/// Imports many documents, saving them a chunk at a time and sending them as they are saved.
///
/// Every draft is checked first, so a bad record imports nothing; then the drafts are saved a
/// chunk at a time (one transaction each), with the progress published after each chunk. The
/// saved chunks are sent while the next ones are saved (one send at a time, and one
/// more when chunks were saved during it); the import finishes once they are sent, or stay
/// queued when the server cannot be reached.
@MainActor
@Observable
public final class DocumentImportViewModel: StatefulViewModel {
    /// What the screen shows; observed, so a view that reads it is redrawn when it changes.
    public private(set) var state: DocumentImportViewState = .idle {
        didSet { transitions.record(state, after: oldValue) }
    }
    /// Every state set, in order, for traces and tests (observation coalesces; this does not).
    public let transitions = StateTransitions<DocumentImportViewState>()
    /// The running import.
    public let tasks = TaskBag()
    private let importDocuments: ImportDocumentsUseCase
    private let chunkSize: Int
    /// The send of the saved chunks, while one runs.
    private var sending: Task<Void, Never>?
    /// Whether chunks were saved while the running send had already read the queue.
    private var sendAgain = false
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
            state = .failed(imported: 0, total: total, failure: ViewFailure(message: message, remedy: error.remedy))
            return Task {}
        }
        state = .importing(done: 0, total: total)
        let save = importDocuments
        let chunks = stride(from: 0, to: total, by: chunkSize).map { drafts[$0..<min($0 + chunkSize, total)] }
        return tasks.run("import") { [weak self] in
            for chunk in chunks {
                let result = await save.save(Array(chunk))
                guard let self else { return }
                if Task.isCancelled {
                    self.state = .failed(
                        imported: chunk.startIndex, total: total, failure: ViewFailure(DocumentError.cancelled))
                    return
                }
                if case .failure(let error) = result {
                    await self.sending?.value
                    let records =
                        chunk.count == 1
                        ? "record \(chunk.startIndex + 1)" : "records \(chunk.startIndex + 1)-\(chunk.endIndex)"
                    self.state = .failed(
                        imported: chunk.startIndex, total: total,
                        failure: ViewFailure(
                            message: "\(records): \(UserMessages.text(for: error))", remedy: error.remedy))
                    return
                }
                self.state = .importing(done: chunk.endIndex, total: total)
                self.sendSaved()
            }
            await self?.sending?.value
            self?.state = .finished(imported: total)
        }
    }

    /// Sends the saved chunks: starts a send, or asks the running one for another after it.
    private func sendSaved() {
        if sending != nil {
            sendAgain = true
            return
        }
        let importing = importDocuments
        sending = tasks.run("send") { [weak self] in
            repeat {
                self?.sendAgain = false
                await importing.send()
            } while self?.sendAgain == true && !Task.isCancelled
            self?.sending = nil
        }
    }

    /// Stops the import after the chunk being saved, and its sending; what is saved stays saved
    /// (and queued).
    public func onDisappear() {
        tasks.cancelAll()
        if case .importing(let done, let total) = state {
            state = .failed(imported: done, total: total, failure: ViewFailure(DocumentError.cancelled))
        }
    }
}
