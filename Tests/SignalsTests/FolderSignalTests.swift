import Foundation
import Signals
import Synchronization
import TestSupport
import Testing

@Suite("Signals between processes")
struct FolderSignalTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signals-\(UUID().uuidString)")

    @Test func anotherPostersSignalArrivesAndOnesOwnDoesNot() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two processes (told apart by their identities) on one folder
        let app = try FolderSignal(folder: folder, name: "database", identity: "100")
        let appExtension = try FolderSignal(folder: folder, name: "database", identity: "200")
        let unrelated = try FolderSignal(folder: folder, name: "settings", identity: "300")
        let heard = Mutex(0)
        let stream = try app.observe()
        let listener = Task {
            for await _ in stream { heard.withLock { $0 += 1 } }
        }
        defer { listener.cancel() }
        // When the app posts, and a poster of another signal posts
        try app.post()
        try unrelated.post()
        // Then the app hears nothing (a wait is the only way to see that nothing comes; 200 ms is
        // far longer than the kernel takes to tell)
        try await Task.sleep(for: .milliseconds(200))
        #expect(heard.withLock { $0 } == 0)
        // When the extension posts, the app hears it
        try appExtension.post()
        #expect(await eventually { heard.withLock { $0 } > 0 })
        #expect(heard.withLock { $0 } == 1)
    }

    @Test func aFileInTheFoldersPlaceIsRefusedSayingSo() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder)
        #expect(throws: SignalError.unusableFolder(path: folder.path, reason: "it is a file, not a folder")) {
            _ = try FolderSignal(folder: folder, name: "database", identity: "100")
        }
        #expect(try Data(contentsOf: folder) == Data("x".utf8), "the file is left as it was")
    }

    /// A process that exits never runs `deinit`: every run of the app left its file behind.
    @Test func theFilesOfPostersWhoseProcessEndedAreRemoved() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A process that has ended: a child that ran and was waited for (started as every test's
        // child is, not with Foundation's `Process`, whose `run()` crashed a CI run: ChildProcess).
        let null = FileHandle.nullDevice.fileDescriptor
        let child = try ChildProcess.spawn(
            URL(fileURLWithPath: "/bin/true"), arguments: [], stdin: null, stdout: null, stderr: null)
        #expect(await child.wait() == 0)
        let left = ["database.\(child.pid)-7", "database.\(getpid())-8", "database.app", "settings.1-9"]
        for name in left { try Data([0x0A]).write(to: folder.appendingPathComponent(name)) }
        let signal = try FolderSignal(folder: folder, name: "database", identity: "\(getpid())-9")
        try signal.post()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["database.\(getpid())-8", "database.\(getpid())-9", "database.app", "settings.1-9"])
    }

    @Test func aFolderThatCannotBeMadeIsOneError() throws {
        let blocker = folder.appendingPathExtension("file")
        try Data().write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        #expect(throws: SignalError.self) {
            try FolderSignal(folder: blocker.appendingPathComponent("Signals"), name: "database")
        }
    }
}
