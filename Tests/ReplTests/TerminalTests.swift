import Foundation
import TestSupport
import Testing

/// Terminal-only behaviour (Tab, history, UTF-8 typing, Ctrl-D) checked through a pseudo-terminal.
@Suite("Terminal session, through a pseudo-terminal")
nonisolated struct TerminalTests {
    @Test func completionHistoryAndUnicodeWorkAtThePrompt() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Terminal/terminal_session.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["60", "python3", script.path, ReplProcess.built().executable.path]
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pty-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let handle = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = handle
        process.standardError = handle
        try await ReplProcess.runToCompletion(process)
        let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(output)")
    }
}
