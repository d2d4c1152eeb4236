import DemoBackend
import Domain
import Foundation
import TestSupport

@testable import StrataData

/// What must hold once every device has synced after a schedule.
enum Invariants {
    static func check(
        devices: [ModelDevice], backend: DemoBackend, tracker: ModelSchedule.Tracker
    ) async throws -> [String] {
        var violations: [String] = []
        let server = await backend.documentSnapshot()
        // No write applied twice: every created title is on the server at most once.
        let counts = Dictionary(server.map { ($0.title, 1) }, uniquingKeysWith: +)
        for (title, count) in counts where count > 1 { violations.append("'\(title)' is on the server \(count) times") }
        // No acknowledged write lost: a create the app acknowledged reached the server, unless
        // someone deleted it.
        for (title, device) in tracker.acknowledged where counts[title] == nil && !tracker.deleted.contains(title) {
            violations.append("d\(device)'s '\(title)' was acknowledged and never reached the server")
        }
        for device in devices {
            // Every conflict kept is one the user sees, so one they can resolve: `conflicts list`
            // shows it, a deletion's and a feature's too.
            let listed =
                try await device.sync.conflicts().map(\.entryId)
            for entry in try await device.sync.outbox() where entry.state == .conflict && !listed.contains(entry.id) {
                violations.append(
                    "\(device.name) keeps conflict \(entry.id) (\(entry.operation) of \(entry.collection) \(entry.itemId)), which no list shows"
                )
            }
            let entries = try await device.sync.outbox().filter { $0.collection == QueuedChange.documents }
            // Changes wait only behind a change to the same document that is set aside or in
            // conflict (changes to one document go in order).
            let blocked = Set(entries.filter { $0.state != .pending }.map(\.itemId))
            for entry in entries where entry.state == .pending && !blocked.contains(entry.itemId) {
                violations.append(
                    "\(device.name) still has pending \(entry.operation) \(entry.id) of \(entry.itemId) after the final sync (\(entry.attempts) attempts, \(entry.lastError ?? "no error"))"
                )
            }
            // Conflicts are exactly those the policy cannot settle.
            let onServer = Set(server.map(\.id))
            violations += unsettled(entries, device, deletedOnServer: { !onServer.contains($0) })
            // Nothing in these schedules is refused, so nothing is set aside.
            for entry in entries where entry.state == .parked {
                violations.append(
                    "\(device.name) parked entry \(entry.id) on document \(entry.itemId): \(entry.lastError ?? "")")
            }
            // Every device equals the server, except the documents whose changes it keeps aside.
            let keptAside = Set(entries.map(\.itemId))
            // The device whose policy overwrites the server gets the last word where it had it.
            if device.policy == .clientWins {
                for (id, write) in try lastWrites(tracker, devices) {
                    guard write.device.map({ devices[$0] === device }) ?? false, !keptAside.contains(id),
                        let document = server.first(where: { $0.id == id }), document.body != write.body
                    else { continue }
                    violations.append(
                        "\(device.name)'s last edit of \(id) ('\(write.body)') lost to '\(document.body)'")
                }
            }
            for document in server where !keptAside.contains(document.id) {
                guard let id = Document.ID(rawValue: document.id) else { continue }
                let local = try? await device.documents.document(id: id, policy: .localOnly).value
                if local?.title != document.title || local?.body != document.body || local?.version != document.version
                {
                    violations.append(
                        "\(device.name) shows document \(document.id) as \(local.map { "v\($0.version) '\($0.body)'" } ?? "missing"), the server as v\(document.version) '\(document.body)'"
                    )
                }
            }
        }
        return violations
    }

    /// The bookmarks (a feature on the generic engine) after the final sync: each on the server
    /// once, none acknowledged and lost, every device equal to the server except the items whose
    /// changes it keeps aside, and conflicts only where the policy asks the user.
    static func checkBookmarks(
        devices: [ModelDevice], server: APIClient, tracker: ModelSchedule.Tracker
    ) async throws -> [String] {
        var violations: [String] = []
        guard
            case .modified(let list, _) = try await server.get(
                "testbookmarks", as: FeatureListDTO<TestBookmarkDTO>.self)
        else { return ["the server's bookmarks could not be read"] }
        let counts = Dictionary(list.items.map { ($0.url, 1) }, uniquingKeysWith: +)
        for (url, count) in counts where count > 1 {
            violations.append("bookmark \(url) is on the server \(count) times")
        }
        for (url, device) in tracker.bookmarks where counts[url] == nil && !tracker.deletedBookmarks.contains(url) {
            violations.append("d\(device)'s bookmark \(url) was acknowledged and never reached the server")
        }
        for device in devices {
            let entries = try await device.sync.outbox().filter { $0.collection == "testbookmarks" }
            // Changes wait only behind a change to the same item that is set aside or in conflict.
            let blocked = Set(entries.filter { $0.state != .pending }.map(\.itemId))
            for entry in entries where entry.state == .pending && !blocked.contains(entry.itemId) {
                violations.append(
                    "\(device.name) still has pending bookmark change \(entry.id) (\(entry.operation) of \(entry.itemId), \(entry.attempts) attempts, \(entry.lastError ?? "no error")) after the final sync; its outbox: \(entries.map { "\($0.id) \($0.operation) \($0.itemId) \($0.state)" })"
                )
            }
            let listed = Set(list.items.compactMap(\.id))
            violations += unsettled(entries, device, deletedOnServer: { !listed.contains($0) })
            let keptAside = Set(entries.map(\.itemId))
            let local = Dictionary(
                try device.bookmarks.local().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for item in list.items {
                guard let id = item.id, !keptAside.contains(id) else { continue }
                let mine = local[id]
                if mine?.url != item.url || mine?.note != item.note {
                    violations.append(
                        "\(device.name) shows bookmark \(id) as \(mine.map { "'\($0.note ?? "")'" } ?? "missing"), the server as '\(item.note ?? "")'"
                    )
                }
            }
            for id in local.keys where !listed.contains(id) && !keptAside.contains(id) {
                violations.append("\(device.name) still holds bookmark \(id), which the server no longer has")
            }
        }
        return violations
    }

    /// The conflicts `device` keeps that its policy should have settled: under `manual` every one
    /// is the user's; `clientWins` and `lastWriterWins` leave to the user only an edit against a
    /// deletion; `serverWins` none.
    private static func unsettled(
        _ entries: [QueuedChange], _ device: ModelDevice, deletedOnServer: (Int) -> Bool
    ) -> [String] {
        entries.filter { entry in
            guard entry.state == .conflict else { return false }
            switch device.policy {
            case .manual: return false
            case .clientWins, .lastWriterWins: return entry.operation != .update || !deletedOnServer(entry.itemId)
            case .serverWins: return true
            }
        }.map {
            "\(device.name) (\(device.policy)) kept conflict \($0.id) (\($0.operation) of \($0.collection) \($0.itemId))"
        }
    }

    /// The last change asked of each server document, its ids on the devices resolved.
    private static func lastWrites(
        _ tracker: ModelSchedule.Tracker, _ devices: [ModelDevice]
    ) throws -> [Int: (step: Int, device: Int?, body: String)] {
        var last: [Int: (step: Int, device: Int?, body: String)] = [:]
        for (asked, writes) in tracker.writes {
            var id = asked.id
            if let owner = asked.device, let local = Document.ID(rawValue: asked.id) {
                // A local id is only meaningful on the device that created it.
                let database = devices[owner].stack.database
                guard
                    let mapped = try database.read({ db in try Outbox.serverID("documents", local: local.rawValue, db) }
                    )
                else { continue }
                id = mapped
            }
            for write in writes where write.step >= (last[id]?.step ?? -1) { last[id] = write }
        }
        return last
    }
}
