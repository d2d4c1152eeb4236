import DemoBackend
import Foundation
import Synchronization
import TestSupport
import Testing

/// The server keeps what it acknowledged: across restarts, and never handing an id out twice.
@Suite("The demo server's store")
struct PersistenceTests {
    let folder: ScratchFolder

    init() throws {
        folder = try ScratchFolder()
    }

    var data: URL { folder.url.appendingPathComponent("server") }

    func started(_ sharing: DemoBackend.Sharing = .shared) async throws -> (DemoBackend, ServerClient) {
        let backend = try DemoBackend(data: data, sharing: sharing, signIn: .open)
        return (backend, ServerClient(baseURL: try await backend.start()))
    }

    @Test func aRestartKeepsEveryDocumentAndIdsAreNeverReused() async throws {
        var (backend, client) = try await started()
        let created = try await client.send("POST", "/documents", json: #"{"title":"Kept"}"#)
        #expect(created.status == 201 && created.headers["location"] == "/documents/4")
        let doomed = try await client.send("POST", "/documents", json: #"{"title":"Doomed"}"#)
        #expect(try await client.send("DELETE", "/documents/5").status == 204)
        #expect(doomed.status == 201)
        await backend.stop()
        (backend, client) = try await started()
        let kept = try await client.send("GET", "/documents/4")
        #expect(kept.status == 200 && kept.object["title"] as? String == "Kept")
        #expect(try await client.send("GET", "/documents/5").status == 404)
        // The deleted 5 is not handed out again, even after a restart.
        let next = try await client.send("POST", "/documents", json: #"{"title":"Next"}"#)
        #expect(next.headers["location"] == "/documents/6")
        // ...nor after a reset, which restores the samples but keeps counting ids.
        try await backend.reset()
        let afterReset = try await client.send("POST", "/documents", json: #"{"title":"After reset"}"#)
        #expect(afterReset.headers["location"] == "/documents/7")
        await backend.stop()
    }

    @Test func theChangeListSeesDeletionsAcrossARestart() async throws {
        var (backend, client) = try await started()
        _ = try await client.send("DELETE", "/documents/2")
        await backend.stop()
        (backend, client) = try await started()
        let changes = try await client.send("GET", "/documents?full=1&since=3")
        #expect(changes.object["deleted"] as? [Int] == [2])
        #expect(changes.object["serverVersion"] as? Int == 4)
        await backend.stop()
    }

    @Test func aDamagedDatabaseIsReportedInOneLineAndLeftAlone() throws {
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let file = data.appendingPathComponent("server.sqlite")
        try Data(repeating: 0x2A, count: 8192).write(to: file)
        #expect {
            _ = try DemoBackend(data: data)
        } throws: { error in
            "\(error)" == "the server database '\(file.path)' is damaged; move it away to start afresh"
        }
        #expect(try Data(contentsOf: file) == Data(repeating: 0x2A, count: 8192))
    }

    @Test func aDataFolderThatCannotBeCreatedIsReported() throws {
        let blocker = folder.url.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        let inside = blocker.appendingPathComponent("server")
        #expect(throws: DemoBackendError.dataFolder("cannot create the server data folder '\(inside.path)'")) {
            _ = try DemoBackend(data: inside)
        }
        #expect(throws: DemoBackendError.dataFolder("the server data folder '\(blocker.path)' is a file, not a folder"))
        {
            _ = try DemoBackend(data: blocker)
        }
        #expect(try Data(contentsOf: blocker) == Data("x".utf8))
    }

    @Test func aStandaloneServerHasItsFolderToItself() async throws {
        let (owner, _) = try await started(.exclusive)
        #expect(throws: DemoBackendError.dataFolder("another server uses the data folder '\(data.path)'")) {
            _ = try DemoBackend(data: data, sharing: .exclusive)
        }
        #expect {
            _ = try DemoBackend(data: data, sharing: .shared)
        } throws: { error in
            "\(error)".hasPrefix("a standalone server owns the data folder")
        }
        await owner.stop()
    }

    /// A refused lock closes its descriptor once: a second close would close whatever another
    /// thread opened meanwhile under the same number (it did, and test runs hung on lost sockets).
    ///
    /// It keeps a core busy for tens of seconds, so `make test` runs it on its own, after the rest.
    @Test func aRefusedLockClosesNothingElse() async throws {
        let (owner, _) = try await started(.exclusive)
        let watcher = DescriptorWatcher()
        let watching = Thread { watcher.run() }
        watching.start()
        while !watcher.isRunning { try await Task.sleep(for: .milliseconds(1)) }
        for _ in 0..<10_000 {
            _ = try? DemoBackend(data: data, sharing: .shared)
            await Task.yield()  // a refusal is synchronous work: leave the shared threads to other tests between two
        }
        watcher.stop()
        while !watcher.isFinished { try await Task.sleep(for: .milliseconds(5)) }
        #expect(watcher.closedUnderneath == 0, "descriptors of another thread closed by a refused lock")
        await owner.stop()
    }

    /// Two shells of one account may launch together on a new folder: both servers would create
    /// and migrate its database at once ("table resource already exists").
    @Test func embeddedServersStartingTogetherOnANewFolderBothOpenIt() async throws {
        for round in 0..<10 {
            let data = folder.url.appendingPathComponent("together-\(round)")
            let failures = await failuresRunning(
                3, atOnce: { _ = try DemoBackend(data: data, sharing: .shared, signIn: .open) })
            #expect(failures.isEmpty, "round \(round): \(failures)")
        }
    }

    @Test func embeddedServersShareTheAccountsFolderWithoutCollidingIds() async throws {
        let (first, one) = try await started()
        let (second, two) = try await started()
        var locations: [String] = []
        for index in 0..<20 {
            let client = index.isMultiple(of: 2) ? one : two
            let reply = try await client.send("POST", "/documents", json: #"{"title":"From \#(index)"}"#)
            locations.append(reply.headers["location"] ?? "")
        }
        #expect(Set(locations).count == 20)
        #expect(try await one.send("GET", "/documents").object["items"].map { ($0 as? [Any])?.count } == 23)
        await first.stop()
        await second.stop()
    }
}

/// Opens descriptors over and over on a thread of its own and counts those found closed before
/// it closed them itself.
private final class DescriptorWatcher: @unchecked Sendable {
    private let state = Mutex((running: false, stopped: false, finished: false, closed: 0))

    var isRunning: Bool { state.withLock { $0.running } }

    var closedUnderneath: Int { state.withLock { $0.closed } }
    var isFinished: Bool { state.withLock { $0.finished } }

    func stop() { state.withLock { $0.stopped = true } }

    func run() {
        state.withLock { $0.running = true }
        while !state.withLock({ $0.stopped }) {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            for _ in 0..<20 where fcntl(descriptor, F_GETFD) < 0 {
                state.withLock { $0.closed += 1 }
                break
            }
            if fcntl(descriptor, F_GETFD) >= 0 { close(descriptor) }
        }
        state.withLock { $0.finished = true }
    }
}
