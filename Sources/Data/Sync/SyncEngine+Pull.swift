import Domain
import Foundation
import Logging

extension SyncEngine {
    /// Pulls the server's changes since the stored version, a page per transaction.
    ///
    /// The changed documents then leave the memory tier. A version that goes backwards (the
    /// server was reset) starts over from 0.
    func pull(
        into report: inout SyncReport, progress: @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(SyncError) {
        var since = storedServerVersion()
        var restarted = false
        while true {
            if Task.isCancelled { throw .cancelled }
            let page: RemoteChanges
            do {
                page = try await writer.changes(since: since, limit: pageSize)
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
