public import Domain
import Foundation

extension SyncEngine {
    /// Pulls every registered collection's changes since its own change number, one collection
    /// after another, each a page per transaction.
    func pull(
        into report: inout SyncReport, progress: @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(SyncError) {
        for collection in collections {
            if Task.isCancelled { throw .cancelled }
            do {
                try await collection.pull(pageSize: pageSize, into: &report)
            } catch {
                throw error.counting(pending: pendingCount())
            }
            progress(SyncProgress(phase: .pull, done: report.pulled + report.deleted, total: 0))
        }
        report.serverVersion = pulledVersion()
    }

    /// Catches up with the changes the live socket announced: counts those this device already
    /// holds as applied (its own, settled), and pulls only when others remain.
    ///
    /// A running push is waited for first: its answers are what make this device's own changes
    /// held, and pulling them back while it runs would fetch and write every one of them again.
    public func catchUp(announced: [AnnouncedChange]) async throws(SyncError) -> SyncReport {
        guard await beginPush() else { throw .cancelled }
        endPush()
        var report = SyncReport()
        var allHeld = !announced.isEmpty
        for (name, changes) in Dictionary(grouping: announced, by: \.collection) {
            guard let collection = collection(name) else { continue }
            let held = try store { () throws(StorageError) in try collection.skipHeld(changes) }
            allHeld = allHeld && held.all
        }
        report.serverVersion = pulledVersion()
        if allHeld { return report }
        try await pull(into: &report)
        return report
    }
}
