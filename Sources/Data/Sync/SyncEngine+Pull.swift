import Domain
import Foundation
import Logging

extension SyncEngine {
    /// Pulls the server's changes since the stored version, a page per transaction.
    ///
    /// The next page is asked for while the current one is written, so the network, the server and
    /// the decoding overlap with the database instead of taking turns. The changed documents then
    /// leave the memory tier. A version that goes backwards (the server was reset) starts over
    /// from 0.
    func pull(
        into report: inout SyncReport, progress: @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(SyncError) {
        var since = storedServerVersion()
        var restarted = false
        var ahead: PageRequest? = nil
        var listsDropped = false
        defer { ahead?.cancel() }
        while true {
            if Task.isCancelled { throw .cancelled }
            let request = ahead ?? PageRequest(writer: writer, since: since, limit: pageSize)
            ahead = nil
            let page: RemoteChanges
            do {
                page = try await request.page()
            } catch {
                switch error {
                case .invalidData: throw .invalidData
                case .cancelled: throw .cancelled
                default: throw .offline(pending: (try? outbox.counts().pending) ?? 0)
                }
            }
            if page.serverVersion < since && !restarted {
                logger.warning(
                    "the server's version went back from \(since) to \(page.serverVersion); pulling everything")
                since = 0
                restarted = true
                continue
            }
            if page.more { ahead = PageRequest(writer: writer, since: page.serverVersion, limit: pageSize) }
            if !listsDropped, !page.documents.isEmpty || !page.deleted.isEmpty {
                // Before the first commit the scenes hear of: a list they reload must not be the old one.
                try? await lists.invalidateAll()
                listsDropped = true
            }
            documents.forgetInMemory(page.documents.map(\.id) + page.deleted)
            let changed = try store { () throws(StorageError) in
                try outbox.applyPull(
                    documents: page.documents, validators: page.validators, deleted: page.deleted,
                    serverVersion: page.serverVersion, now: now())
            }
            documents.forgetInMemory(changed)
            report.pulled += page.documents.count
            report.deleted += page.deleted.count
            report.serverVersion = page.serverVersion
            since = page.serverVersion
            progress(SyncProgress(phase: .pull, done: report.pulled + report.deleted, total: 0))
            if !page.more { break }
        }
        if report.pulled + report.deleted > 0 { try? await lists.invalidateAll() }
    }
}

/// One page of changes, asked for in a task of its own.
///
/// The task runs off the sync engine's actor, so the page can arrive while the engine writes the
/// previous one; it keeps the operation's deadline (a task copies its creator's task-local values).
private struct PageRequest {
    private let task: Task<Result<RemoteChanges, RemoteError>, Never>

    init(writer: any DocumentWriterProtocol, since: Int, limit: Int) {
        task = Task { await Self.fetch(writer, since: since, limit: limit) }
    }

    /// The page; cancelling the waiting task cancels the request.
    func page() async throws(RemoteError) -> RemoteChanges {
        let task = task
        return try await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }.get()
    }

    /// Abandons the request (the pull ended before it needed the page).
    func cancel() { task.cancel() }

    @concurrent
    private static func fetch(
        _ writer: any DocumentWriterProtocol, since: Int, limit: Int
    ) async -> Result<RemoteChanges, RemoteError> {
        await Result.catching { () async throws(RemoteError) in try await writer.changes(since: since, limit: limit) }
    }
}
