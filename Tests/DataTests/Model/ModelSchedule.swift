import DemoBackend
import Domain
import Foundation
import HTTPTypes
import TestSupport

@testable import StrataData

/// SplitMix64: the same seed gives the same schedule on every machine.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// One random schedule: devices edit online and offline, the server edits, faults strike,
/// devices crash and sync; then everything syncs and the invariants are checked.
struct ModelSchedule {
    let seed: UInt64
    let steps: Int

    /// What one schedule did and what went wrong (empty when every invariant held).
    struct Outcome {
        var log: [String] = []
        var violations: [String] = []
    }

    /// The conflict policies the devices follow, every one of them: each schedule gives its
    /// devices consecutive ones, starting at a place its seed picks, so every policy meets every
    /// other across the schedules.
    static let policies: [ConflictPolicy] = [.serverWins, .clientWins, .manual, .lastWriterWins]

    func run() async throws -> Outcome {
        var random = SeededGenerator(state: seed)
        var outcome = Outcome()
        let folder = try ScratchFolder()
        let backend = try DemoBackend(
            data: folder.url.appendingPathComponent("server"),
            collections: DemoSeed.collections + [testBookmarkCollection],
            signIn: .open)
        let url = try await backend.start()
        let elsewhere = Self.client(url)
        let deviceCount = Int.random(in: 2...3, using: &random)
        var devices: [ModelDevice] = []
        let first = Int(seed % UInt64(Self.policies.count))
        for index in 0..<deviceCount {
            let policy = Self.policies[(first + index) % Self.policies.count]
            devices.append(try await ModelDevice(name: "d\(index)", policy: policy, folder: folder.url, baseURL: url))
        }
        outcome.log.append("devices: \(devices.map { "\($0.name) \($0.policy)" }.joined(separator: ", "))")
        var tracker = Tracker()
        for number in 0..<steps {
            let step = Step.random(devices: deviceCount, using: &random)
            outcome.log.append("\(number): \(step)")
            try await step.apply(
                to: devices, backend: backend, elsewhere: elsewhere, number: number, tracker: &tracker, using: &random)
        }
        outcome.log.append("final: every device online, faults cleared, half the conflicts resolved, sync until quiet")
        await backend.clearFaults()
        for device in devices { device.http.isOffline = false }
        for (index, device) in devices.enumerated() {
            for conflict in try await device.sync.conflicts() where Bool.random(using: &random) {
                await Step.resolve(conflict, on: device, index, number: steps, tracker: &tracker, using: &random)
            }
        }
        try await settle(devices)
        outcome.violations = try await Invariants.check(devices: devices, backend: backend, tracker: tracker)
        outcome.violations += try await Invariants.checkBookmarks(devices: devices, server: elsewhere, tracker: tracker)
        await backend.stop()
        withExtendedLifetime(folder) {}  // the devices' files live there until the very end
        return outcome
    }

    /// A client of the server that is always online: another device's edits, and the final look.
    static func client(_ url: URL) -> APIClient {
        APIClient(
            baseURL: url, http: NIOHTTPClient(timeout: 5), security: .development,
            retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2)),
            clock: ContinuousClock(), now: { Date() }, monitor: NetworkMonitor(), budget: .seconds(5))
    }

    /// Syncs every device in turn until a round sends nothing, then pulls once more everywhere.
    private func settle(_ devices: [ModelDevice]) async throws {
        for _ in 0..<8 {
            var sent = 0
            for device in devices {
                let report = try await device.sync.sync(progress: { _ in })
                sent += report.pushed + report.resolved
            }
            if sent == 0 { break }
        }
        for device in devices { _ = try await device.sync.pull() }
    }

    /// What the schedule asked for and what the app acknowledged.
    struct Tracker {
        /// Titles of creates the app acknowledged (saved on the device), with the device.
        var acknowledged: [String: Int] = [:]
        /// Titles some device deleted (or tried to).
        var deleted: Set<String> = []
        /// The documents each device created, by the id the app answered with (negative while
        /// only on the device).
        var created: [Int: [Document.ID]] = [:]
        /// URLs of bookmark creates the app acknowledged, with the device.
        var bookmarks: [String: Int] = [:]
        /// URLs of bookmarks some device deleted (or tried to).
        var deletedBookmarks: Set<String> = []
        /// The changes asked of each document, by the id they were asked with: the step, the
        /// device (nil for the server's own edit or a deletion) and the body.
        var writes: [AskedID: [(step: Int, device: Int?, body: String)]] = [:]

        /// The id a change was asked with.
        ///
        /// A negative id names a document only on the device then, and every device numbers its
        /// own from -1, so it is one device's.
        struct AskedID: Hashable {
            let id: Int
            /// The device whose local id it is; nil for a server id.
            let device: Int?

            init(_ id: Int, device: Int?) {
                self.id = id
                self.device = id < 0 ? device : nil
            }
        }
    }
}

extension ModelSchedule {
    enum Step: CustomStringConvertible {
        case create(Int)
        case update(Int)
        case delete(Int)
        case offline(Int)
        case online(Int)
        case crash(Int)
        case sync(Int)
        case serverEdit, fault503, dropAnswer
        case bookmark(Int)
        case bookmarkEdit(Int)
        case bookmarkDelete(Int)
        case serverBookmarkEdit
        case clearCaches(Int)
        case resolve(Int)

        static func random(devices: Int, using random: inout SeededGenerator) -> Step {
            let device = Int.random(in: 0..<devices, using: &random)
            switch Int.random(in: 0..<140, using: &random) {
            case 134..<140: return .resolve(device)
            case 130..<134: return .clearCaches(device)
            case 100..<113: return .bookmark(device)
            case 113..<123: return .bookmarkEdit(device)
            case 123..<126: return .bookmarkDelete(device)
            case 126..<130: return .serverBookmarkEdit
            case 0..<25: return .create(device)
            case 25..<45: return .update(device)
            case 45..<50: return .delete(device)
            case 50..<58: return .offline(device)
            case 58..<66: return .online(device)
            case 66..<71: return .crash(device)
            case 71..<86: return .sync(device)
            case 86..<93: return .serverEdit
            case 93..<97: return .fault503
            default: return .dropAnswer
            }
        }

        var description: String {
            switch self {
            case .create(let device): "d\(device) creates"
            case .update(let device): "d\(device) edits"
            case .delete(let device): "d\(device) deletes"
            case .offline(let device): "d\(device) goes offline"
            case .online(let device): "d\(device) comes online"
            case .crash(let device): "d\(device) crashes"
            case .sync(let device): "d\(device) syncs"
            case .serverEdit: "another device edits on the server"
            case .fault503: "the server answers the next request 503"
            case .dropAnswer: "the server loses the next answer mid-body"
            case .bookmark(let device): "d\(device) creates a bookmark"
            case .bookmarkEdit(let device): "d\(device) edits a bookmark"
            case .bookmarkDelete(let device): "d\(device) deletes a bookmark"
            case .serverBookmarkEdit: "another device edits a bookmark on the server"
            case .clearCaches(let device): "d\(device) syncs and clears its caches meanwhile"
            case .resolve(let device): "d\(device) resolves one of its conflicts"
            }
        }

        func apply(
            to devices: [ModelDevice], backend: DemoBackend, elsewhere: APIClient, number: Int, tracker: inout Tracker,
            using random: inout SeededGenerator
        ) async throws {
            let snapshot = await backend.documentSnapshot()
            let target = snapshot.randomElement(using: &random)
            switch self {
            case .create(let device):
                let title = "d\(device)-n\(number)"
                if let created = try? await devices[device].documents.create(
                    FakeData.draft(title: title))
                {
                    tracker.acknowledged[title] = device
                    tracker.created[device, default: []].append(created.id)
                }
            case .update(let device):
                let body = "d\(device)-u\(number)"
                // Now and then the device edits what it created itself, maybe before it was sent.
                var id = target.flatMap { Document.ID(rawValue: $0.id) }
                if Bool.random(using: &random), let own = tracker.created[device]?.last { id = own }
                guard let id else { return }
                if (try? await devices[device].documents.update(
                    id: id, with: FakeData.changes(body: body))) != nil
                {
                    tracker.writes[Tracker.AskedID(id.rawValue, device: device), default: []].append(
                        (number, device, body))
                }
            case .delete(let device):
                guard let target, let id = Document.ID(rawValue: target.id) else { return }
                tracker.deleted.insert(target.title)
                tracker.writes[Tracker.AskedID(target.id, device: nil), default: []].append((number, nil, ""))
                try? await devices[device].documents.delete(id: id)
            case .offline(let device): devices[device].http.isOffline = true
            case .online(let device): devices[device].http.isOffline = false
            case .crash(let device): try devices[device].crash()
            case .sync(let device): _ = try? await devices[device].sync.sync(progress: { _ in })
            case .serverEdit:
                if let target {
                    try? await backend.editElsewhere(
                        "documents", id: target.id, fields: #"{"body":"server-\#(number)"}"#)
                    tracker.writes[Tracker.AskedID(target.id, device: nil), default: []].append(
                        (number, nil, "server-\(number)"))
                }
            case .fault503: await backend.injectStatus(503)
            case .dropAnswer: await backend.injectDroppedConnection()
            case .bookmark(let device):
                let url = "https://d\(device)-n\(number).org"
                if await devices[device].bookmarks.create(url) != nil { tracker.bookmarks[url] = device }
            case .bookmarkEdit(let device):
                guard let item = try devices[device].bookmarks.local().randomElement(using: &random) else { return }
                _ = await devices[device].bookmarks.edit(item.id, "d\(device)-u\(number)")
            case .bookmarkDelete(let device):
                guard let item = try devices[device].bookmarks.local().randomElement(using: &random) else { return }
                tracker.deletedBookmarks.insert(item.url)
                await devices[device].bookmarks.delete(item.id)
            case .clearCaches(let device):
                // The clear may come between two pages of the pull, as `cache clear` in the app's
                // extension would: the device must not claim the items it took away. Where it lands
                // varies from run to run; a seed replays the steps, not this interleaving.
                let (engine, stack) = (devices[device].sync, devices[device].stack)
                async let synced = try? engine.sync(progress: { _ in })
                try? await stack.clearLocal()
                _ = await synced
            case .resolve(let device):
                guard let conflict = try? await devices[device].sync.conflicts().randomElement(using: &random)
                else { return }
                await Self.resolve(
                    conflict, on: devices[device], device, number: number, tracker: &tracker, using: &random)
            case .serverBookmarkEdit:
                guard
                    case .modified(let list, _)? = try? await elsewhere.get(
                        "testbookmarks", as: FeatureListDTO<TestBookmarkDTO>.self),
                    let target = list.items.randomElement(using: &random), let id = target.id
                else { return }
                var headers = HTTPFields()
                headers[.ifMatch] = "*"
                _ = try? await elsewhere.send(
                    .put, "testbookmarks/\(id)", body: ["note": "server-\(number)"], headers: headers,
                    as: TestBookmarkDTO.self)
            }
        }
    }
}

extension ModelSchedule.Step {
    /// The user settles a conflict of the device, of any collection, by a side picked at random (a
    /// document's merge too, where this device's side is no deletion); what it sends is the
    /// device's write at this step.
    static func resolve(
        _ conflict: ItemConflict, on device: ModelDevice, _ index: Int, number: Int,
        tracker: inout ModelSchedule.Tracker, using random: inout SeededGenerator
    ) async {
        let document = conflict.collection == QueuedChange.documents
        var sides: [ConflictResolution] = [.local, .remote]
        if document, conflict.local != nil { sides.append(.merged(body: "d\(index)-m\(number)")) }
        let resolution = sides[Int.random(in: 0..<sides.count, using: &random)]
        guard (try? await device.sync.resolve(entryId: conflict.entryId, keeping: resolution)) != nil, document
        else { return }
        let sent: String? =
            switch resolution {
            case .local: conflict.local?.value(of: "body")?.text
            case .merged(let body): body
            case .remote: nil
            }
        guard let sent else { return }
        tracker.writes[ModelSchedule.Tracker.AskedID(conflict.itemId, device: index), default: []].append(
            (number, index, sent))
    }
}
