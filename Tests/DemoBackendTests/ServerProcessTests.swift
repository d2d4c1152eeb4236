import Foundation
import TestSupport
import Testing

/// `strata-server` as a process: SIGTERM stops it, even at once after it says where it listens.
@Suite("strata-server, as a process", .timeLimit(.minutes(1)))
struct ServerProcessTests {
    @Test func aSignalRightAfterStartingStopsTheServer() async throws {
        let server = ReplProcess.built().executable.deletingLastPathComponent().appendingPathComponent("strata-server")
        for _ in 0..<5 {
            let data = try ScratchFolder()
            let process = Process()
            process.executableURL = server
            process.arguments = ["--port", "0", "--data", data.url.path, "--log-level", "notice"]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            var text = ""
            while !text.contains("listening on") {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            #expect(text.contains("listening on"), "\(text)")
            process.terminate()
            let deadline = ContinuousClock.now + .seconds(10)
            while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            #expect(!process.isRunning, "SIGTERM did not stop the server")
            let rest = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(rest.contains("stopping on signal 15"), "\(rest)")
        }
    }
}
