import Domain
import Foundation
import Logging

extension SyncEngine {
    /// Pulls the server's changes since the stored version, a page per transaction.
    ///
    /// The next page is asked for as soon as the current one's answer names it, before its body is
    /// decoded (ADR 0043), or else once it is decoded; so the server, the network and the decoding
    /// of the page after overlap with this page's decoding and writing instead of taking turns. At
    /// most two requests are in flight at once, and one while a page is written. The changed
    /// documents then leave the memory tier. A version that goes backwards (the server was reset)
    /// starts over from 0.
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
            let request = ahead ?? PageRequest(writer: writer, page: .after(version: since, limit: pageSize))
            ahead = await request.next().map { PageRequest(writer: writer, page: $0) }
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
                ahead?.cancel()
                ahead = nil
                since = 0
                restarted = true
                continue
            }
            // A page that goes back twice, or says more follow without moving on, would have
            // the device apply old changes or ask for the same page again and again.
            if page.serverVersion < since || (page.more && page.serverVersion <= since) {
                let reason =
                    page.serverVersion < since
                    ? "the change list went back from change \(since) to \(page.serverVersion)"
                    : "the change list did not move past change \(since)"
                logger.error("pull stopped: \(reason)")
                throw .unfitAnswer(reason)
            }
            if !page.more {
                ahead?.cancel()
                ahead = nil
            } else if ahead == nil {
                ahead = PageRequest(writer: writer, page: .after(version: page.serverVersion, limit: pageSize))
            }
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
        try await resources?.pull(pageSize: pageSize, into: &report)
    }
}

/// One page of changes, asked for in a task of its own.
///
/// The task runs off the sync engine's actor, so the page can arrive while the engine writes the
/// previous one; it keeps the operation's deadline (a task copies its creator's task-local values).
private struct PageRequest {
    private let task: Task<Result<RemoteChanges, RemoteError>, Never>
    private let named: AsyncStream<ChangeListPage>

    init(writer: any DocumentWriterProtocol, page: ChangeListPage) {
        let (named, naming) = AsyncStream.makeStream(of: ChangeListPage.self, bufferingPolicy: .bufferingNewest(1))
        self.named = named
        task = Task {
            defer { naming.finish() }
            return await Self.fetch(writer, page) { naming.yield($0) }
        }
    }

    /// The page after this one, as soon as the answer names it; `nil` once the request ended
    /// without naming one (the writer cannot tell early, or the request failed) or the waiting
    /// task is cancelled.
    func next() async -> ChangeListPage? {
        for await page in named { return page }
        return nil
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
        _ writer: any DocumentWriterProtocol, _ page: ChangeListPage, next: @Sendable (ChangeListPage) -> Void
    ) async -> Result<RemoteChanges, RemoteError> {
        await Result.catching { () async throws(RemoteError) in try await writer.changes(page, next: next) }
    }
}
