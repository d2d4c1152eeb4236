import DemoBackend
import Foundation
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
        // Given a server that holds every request for 4 s, when the app is killed while its upload waits
        await backend.setLatency(milliseconds: 4_000)
        _ = try await KilledRepl.run(
            executable: repl.executable, arguments: arguments, input: "docs attach 1 \(file.path)\n",
            killAfter: .milliseconds(1_500))
        // (the kill landed mid-upload: the server had the request, the device its queued copy)
        #expect(await backend.requestCount("POST /documents/:id/attachments") == 1)
        let uploads = home.appendingPathComponent("Library/Application Support/Uploads")
        #expect(try FileManager.default.contentsOfDirectory(atPath: uploads.path).count == 1)
        try FileManager.default.removeItem(at: file)  // the queue holds its own copy
        await backend.setLatency(milliseconds: 0)
        // Then the next launch sends it again, and the document has it once
        let next = try await repl.run(
            lines: ["docs uploads --resume", "docs attachments 1", "docs uploads"], arguments: arguments)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(
            next.stdout == "Uploaded scan.bin (200.0 KB) to document 1.\nscan.bin  200.0 KB\nNo uploads are waiting.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: uploads.path).isEmpty)
        // and the first request, once the server finished with it (stopping waits for every
        // connection), did not store it again
        await backend.stop()
        try await backend.start()
        let again = try await repl.run(lines: ["docs attachments 1"], arguments: arguments)
        #expect(again.stdout == "scan.bin  200.0 KB\n")
        await backend.stop()
    }
}
