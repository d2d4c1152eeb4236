public import Domain
import Logging
public import Observation

/// Imports many new items, saving them a chunk at a time and sending them as they are saved.
///
/// Every draft is checked first, so a bad record imports nothing; then the drafts are saved a
/// chunk at a time (one transaction each), with the progress published after each chunk. The
/// saved chunks are sent while the next ones are saved (one send at a time, and one
/// more when chunks were saved during it); the import finishes once they are sent, or stay
/// queued when the server cannot be reached. Documents and every generated feature import
/// through it (``DocumentImportViewModel``, `ExpenseImportViewModel`).
///
/// ```swift
/// let importing = ExpenseImportViewModel(importExpenses: ImportExpensesUseCase(repository: repository))
/// importing.start(drafts)
/// ```
@MainActor
@Observable
public final class ImportViewModel<Draft: Sendable>: StatefulViewModel {
    /// Why a draft cannot be saved, worded for the user, or `nil` when it can.
    public typealias Check = @Sendable (Draft) -> ViewFailure?
    /// Saves drafts queued for the server: all of them, or none, with the failure worded.
    public typealias Save = @Sendable ([Draft]) async -> ViewFailure?

    /// What the screen shows; observed, so a view that reads it is redrawn when it changes.
    public private(set) var state: ImportViewState = .idle {
        didSet { transitions.record(state, after: oldValue) }
    }
    /// Every state set, in order, for traces and tests (observation coalesces; this does not).
    public let transitions = StateTransitions<ImportViewState>()
    /// The running import.
    public let tasks = TaskBag()
    /// The name traces print (`DocumentImportViewModel`).
    public let traceName: String
    private let check: Check
    private let save: Save
    private let send: @Sendable () async -> Void
    private let cancelled: ViewFailure
    private let chunkSize: Int
    /// The send of the saved chunks, while one runs.
    private var sending: Task<Void, Never>?
    /// Whether chunks were saved while the running send had already read the queue.
    private var sendAgain = false
    private let logger = Logger(label: "strata.presentation")

    /// An import that checks each draft with `check`, saves `chunkSize` drafts at a time with
    /// `save`, and sends what is saved with `send`; an import stopped early fails with `cancelled`.
    public init(
        name: String, chunkSize: Int, check: @escaping Check, save: @escaping Save,
        send: @escaping @Sendable () async -> Void, cancelled: ViewFailure
    ) {
        traceName = name
        self.chunkSize = max(1, chunkSize)
        self.check = check
        self.save = save
        self.send = send
        self.cancelled = cancelled
    }

    /// An import over a feature's use case steps, wording its errors: `validate` throws the rule
    /// a draft breaks, `save` queues drafts, and `cancelled` is the feature's cancellation.
    public convenience init<Failure: UserFacingError>(
        name: String, chunkSize: Int, validate: @escaping @Sendable (Draft) throws(Failure) -> Void,
        save: @escaping @Sendable ([Draft]) async -> Result<Void, Failure>, send: @escaping @Sendable () async -> Void,
        cancelled: Failure
    ) {
        self.init(
            name: name, chunkSize: chunkSize,
            check: { draft in
                do throws(Failure) {
                    try validate(draft)
                    return nil
                } catch {
                    return ViewFailure(error)
                }
            },
            save: { drafts in
                guard case .failure(let error) = await save(drafts) else { return nil }
                return ViewFailure(error)
            }, send: send, cancelled: ViewFailure(cancelled))
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit \(traceName)")
    }

    /// Starts importing `drafts`; a draft that breaks a rule fails the import before anything is
    /// saved, naming its 1-based record number (``recordNumbers(_:)``).
    @discardableResult
    public func start(_ drafts: [Draft]) -> Task<Void, Never> {
        start(drafts, naming: Self.recordNumbers)
    }

    /// Starts importing `drafts`, a failure naming the drafts it is about with `name`: where they
    /// are in the file they were read from (`line 3`), so the message points where the user looks.
    @discardableResult
    public func start(_ drafts: [Draft], naming name: @escaping @Sendable (Range<Int>) -> String) -> Task<Void, Never> {
        let total = drafts.count
        if let (index, failure) = drafts.enumerated().lazy.compactMap({ [check] item in
            check(item.element).map { (item.offset, $0) }
        }).first {
            state = .failed(imported: 0, total: total, failure: failure.named(name(index..<index + 1)))
            return Task {}
        }
        state = .importing(done: 0, total: total)
        let save = save
        let cancelled = cancelled
        let chunks = stride(from: 0, to: total, by: chunkSize).map { drafts[$0..<min($0 + chunkSize, total)] }
        return tasks.run("import") { [weak self] in
            for chunk in chunks {
                let failure = await save(Array(chunk))
                guard let self else { return }
                if Task.isCancelled {
                    self.state = .failed(imported: chunk.startIndex, total: total, failure: cancelled)
                    return
                }
                if let failure {
                    await self.sending?.value
                    self.state = .failed(
                        imported: chunk.startIndex, total: total, failure: failure.named(name(chunk.indices)))
                    return
                }
                self.state = .importing(done: chunk.endIndex, total: total)
                self.sendSaved()
            }
            await self?.sending?.value
            self?.state = .finished(imported: total)
        }
    }

    /// `record 2` for the draft at offset 1, `records 3-4` for those at offsets 2 and 3.
    public nonisolated static func recordNumbers(_ offsets: Range<Int>) -> String {
        offsets.count == 1
            ? "record \(offsets.lowerBound + 1)" : "records \(offsets.lowerBound + 1)-\(offsets.upperBound)"
    }

    /// Sends the saved chunks: starts a send, or asks the running one for another after it.
    private func sendSaved() {
        if sending != nil {
            sendAgain = true
            return
        }
        let send = send
        sending = tasks.run("send") { [weak self] in
            repeat {
                self?.sendAgain = false
                await send()
            } while self?.sendAgain == true && !Task.isCancelled
            self?.sending = nil
        }
    }

    /// Stops the import after the chunk being saved, and its sending; what is saved stays saved
    /// (and queued).
    public func onDisappear() {
        tasks.cancelAll()
        if case .importing(let done, let total) = state {
            state = .failed(imported: done, total: total, failure: cancelled)
        }
    }
}

extension ViewFailure {
    /// The failure with its message placed: `record 3: The title can't be empty`.
    fileprivate func named(_ place: String) -> ViewFailure {
        ViewFailure(message: "\(place): \(message)", remedy: remedy, field: field)
    }
}
