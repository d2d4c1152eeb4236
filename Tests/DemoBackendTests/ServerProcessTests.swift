import Foundation
import Signals
import TestSupport
import Testing

/// `strata-server` as a process: SIGTERM stops it, even at once after it says where it listens.
@Suite("strata-server, as a process", .timeLimit(.minutes(1)))
struct ServerProcessTests {
    @Test func aSignalRightAfterStartingStopsTheServer() async throws {
        let server = ReplProcess.built().executable.deletingLastPathComponent().appendingPathComponent("strata-server")
        for _ in 0..<5 {
            let data = try ScratchFolder()
            let errors = Pipe()
            let process = try ChildProcess.spawn(
                server, arguments: ["--port", "0", "--data", data.url.path, "--log-level", "notice"],
                stdin: FileHandle.nullDevice.fileDescriptor, stdout: FileHandle.nullDevice.fileDescriptor,
                stderr: errors.fileHandleForWriting.fileDescriptor)
            try errors.fileHandleForWriting.close()
            // Read without blocking: a blocked read holds one of the run's few threads.
            var text = ""
            var status: Int32?
            _ = await eventually {
                text += String(decoding: ChildProcess.drain(errors.fileHandleForReading), as: UTF8.self)
                status = process.exitStatus()
                return text.contains("listening on") || status != nil
            }
            text += String(decoding: ChildProcess.drain(errors.fileHandleForReading), as: UTF8.self)
            #expect(text.contains("listening on"), "\(text)")
            if status == nil { process.send(SIGTERM) }
            _ = await eventually {
                status = process.exitStatus()
                return status != nil
            }
            #expect(status != nil, "SIGTERM did not stop the server")
            if status == nil {
                process.send(SIGKILL)
                _ = await process.wait()
            }
            let rest = text + String(decoding: ChildProcess.drain(errors.fileHandleForReading), as: UTF8.self)
            #expect(rest.contains("stopping on signal 15"), "\(rest)")
        }
    }

    /// `--data ''` started a server with its database in the current directory.
    @Test func anEmptyDataFolderIsAUsageError() async throws {
        let server = ReplProcess.built().executable.deletingLastPathComponent().appendingPathComponent("strata-server")
        let scratch = try ScratchFolder()
        let log = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let status = try await ReplProcess.runToCompletion(
            server, arguments: ["--port", "0", "--data", ""], output: try FileHandle(forWritingTo: log))
        #expect(status != 0)
        #expect(try String(contentsOf: log, encoding: .utf8).hasPrefix("Error: --data needs a folder path"))
    }
}
