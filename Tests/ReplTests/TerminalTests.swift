import Foundation
import TestSupport
import Testing

/// Terminal-only behaviour (Tab, history, UTF-8 typing, Ctrl-D) checked through a pseudo-terminal.
@Suite("Terminal session, through a pseudo-terminal")
nonisolated struct TerminalTests {
    @Test func completionHistoryAndUnicodeWorkAtThePrompt() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Terminal/terminal_session.py")
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pty-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let handle = try FileHandle(forWritingTo: outputFile)
        let status = try await ReplProcess.runToCompletion(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            arguments: ["120", "python3", script.path, ReplProcess.built().executable.path], output: handle)
        let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(output)")
    }
}
