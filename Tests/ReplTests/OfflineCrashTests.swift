import DemoBackend
import Foundation
import LoopbackSockets
import TestSupport
import Testing

/// The promise of offline-first writes, checked the hard way: edits acknowledged while the server
/// is down survive a SIGKILL at a random moment and reach the server exactly once.
@Suite("Offline writes survive SIGKILL, as a process")
nonisolated struct OfflineCrashTests {
    let repl = ReplProcess.built()

    /// 500 edits: mostly new notes (a duplicate would show), every fifth an edit of document 1.
    static let lines: [String] = (1...500).map { number in
        number % 5 == 0 ? #"docs edit 1 --body "edit \#(number)""# : #"docs new "note \#(number)""#
    }

    @Test func acknowledgedEditsReachTheServerExactlyOnceAfterACrash() async throws {
        var acknowledgedInAll = 0
        for round in 1...10 {
            acknowledgedInAll += try await crashRound(round)
        }
        // The kills must land mid-run: a test that only ever killed an idle process proves nothing.
        #expect(acknowledgedInAll > 100, "only \(acknowledgedInAll) edits were acknowledged in 10 rounds")
    }

    /// One round; returns how many notes were acknowledged before the kill.
    private func crashRound(_ round: Int) async throws -> Int {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-crash-\(UUID().uuidString)")
        defer { ReplProcess.removeHome(home) }
        let backend = try DemoBackend(signIn: .open)
        let url = try await backend.start()
        let arguments = ["--home", home.path, "--remote", url.absoluteString]
        // Given document 1 cached on the device, and the server out of reach: the edits go to a
        // port that refuses every connection and that no other server can take (a server stopped
        // and started again frees its port for a moment, and a parallel test's server took it once)
        let warmUp = try await repl.run(
            ["--home", home.path, "--remote", url.absoluteString], input: Data("docs show 1\n".utf8))
        #expect(warmUp.status == 0, "\(warmUp.stderr)")
        let unreachable = try RefusingPort()
        // When 500 edits run in batch mode and the process is killed at a random moment
        let delay = Duration.milliseconds(Int.random(in: 300...2500))
        let output = try await KilledRepl.run(
            executable: repl.executable, arguments: ["--home", home.path, "--remote", unreachable.url],
            input: Self.lines.joined(separator: "\n") + "\n", killAfter: delay)
        let acknowledged = Self.acknowledged(in: output)
        withExtendedLifetime(unreachable) {}
        // Then, with the server in reach, a sync sends exactly the acknowledged edits, once each
        let sync = try await repl.run(arguments + ["--bail"], input: Data("sync\nsync status\n".utf8))
        #expect(sync.status == 0, "round \(round): \(sync.stderr)")
        #expect(sync.stdout.contains("pending        0"), "round \(round): \(sync.stdout)")
        let server = await backend.documentSnapshot()
        let notes = server.map(\.title).filter { $0.hasPrefix("note ") }
        #expect(Set(notes).count == notes.count, "round \(round): duplicates on the server")
        let missing = acknowledged.notes.subtracting(notes)
        #expect(missing.isEmpty, "round \(round): acknowledged but missing: \(missing.sorted())")
        // At most the one edit in flight when the process died was saved without being acknowledged.
        let extra = Set(notes).subtracting(acknowledged.notes)
        #expect(extra.count <= 1, "round \(round): unacknowledged notes on the server: \(extra.sorted())")
        if let lastEdit = acknowledged.lastEdit {
            let body = server.first { $0.id == 1 }?.body ?? ""
            let number = Int(body.dropFirst("edit ".count)) ?? 0
            #expect(number >= lastEdit && number <= lastEdit + 5, "round \(round): document 1 says '\(body)'")
        }
        await backend.stop()
        return acknowledged.notes.count
    }

    /// The notes whose creation was printed, and the number of the last edit of document 1 printed.
    static func acknowledged(in output: String) -> (notes: Set<String>, lastEdit: Int?) {
        var notes: Set<String> = []
        var lastEdit: Int?
        for title in output.rowValues("title") where title.hasPrefix("note ") { notes.insert(String(title)) }
        for line in output.split(separator: "\n") where line.hasPrefix("edit ") {
            lastEdit = Int(line.dropFirst("edit ".count)) ?? lastEdit
        }
        return (notes, lastEdit)
    }
}

/// A loopback port that refuses every connection for as long as it lives: bound, never listening,
/// so no server can take it meanwhile.
nonisolated private final class RefusingPort: Sendable {
    let url: String
    private let socketFD: Int32

    init() throws {
        let (descriptor, port) = try LoopbackSocket.bound(port: 0, sharingAddress: false, listening: nil)
        socketFD = descriptor
        url = "http://127.0.0.1:\(port)"
    }

    deinit {
        close(socketFD)
    }
}
