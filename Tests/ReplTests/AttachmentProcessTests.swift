import DemoBackend
import Foundation
import Signals
import TestSupport
import Testing

/// An upload cut off by a SIGKILL is sent again at the next launch and attached once.
@Suite("Uploads survive SIGKILL, as a process")
nonisolated struct AttachmentProcessTests {
    let repl = ReplProcess.built()

    @Test func anUploadKilledMidFlightIsAttachedOnceAfterTheNextLaunch() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-upload-\(UUID().uuidString)")
        defer { ReplProcess.removeHome(home) }
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent("scan.bin")
        try Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: file)
        let backend = try DemoBackend(signIn: .open)
        let arguments = ["--home", home.path, "--remote", try await backend.start().absoluteString]
        // Given a server that holds every request for 10 s, when the app is killed once its
        // upload has reached the server
        await backend.setLatency(milliseconds: 10_000)
        let input = Pipe()
        let child = try ChildProcess.spawn(
            repl.executable, arguments: arguments,
            environment: ProcessInfo.processInfo.environment.merging([
                "STRATA_LIVE_UPDATES": "off", "STRATA_PUSH_REGISTRATION": "off",
            ]) { _, new in new },
            stdin: input.fileHandleForReading.fileDescriptor, stdout: FileHandle.nullDevice.fileDescriptor,
            stderr: FileHandle.nullDevice.fileDescriptor)
        try input.fileHandleForWriting.write(contentsOf: Data("docs attach 1 \(file.path)\n".utf8))
        _ = await eventually { await backend.requestCount("POST /documents/:id/attachments") > 0 }
        child.send(SIGKILL)
        #expect(await child.wait() == 128 + SIGKILL)
        try input.fileHandleForWriting.close()
        // (the kill landed mid-upload: the server had the request, the device its queued copy)
        #expect(await backend.requestCount("POST /documents/:id/attachments") == 1)
        let uploads = home.appendingPathComponent("Library/Application Support/Uploads")
        #expect(try FileManager.default.contentsOfDirectory(atPath: uploads.path).count == 1)
        try FileManager.default.removeItem(at: file)  // the queue holds its own copy
        await backend.setLatency(milliseconds: 0)
        await backend.stop()  // the first request ends with its connection (stopping waits for it)
        try await backend.start()
        // Then the next launch sends it again, and the document has it once
        let next = try await repl.run(
            lines: ["docs uploads --resume", "docs attachments 1", "docs uploads"], arguments: arguments)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(
            next.stdout == "Uploaded scan.bin (200.0 KB) to document 1.\nscan.bin  200.0 KB\nNo uploads are waiting.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: uploads.path).isEmpty)
        // and nothing stores it again
        let again = try await repl.run(lines: ["docs attachments 1"], arguments: arguments)
        #expect(again.stdout == "scan.bin  200.0 KB\n")
        await backend.stop()
    }
}
