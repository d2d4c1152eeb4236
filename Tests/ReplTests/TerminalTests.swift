import Foundation
import TestSupport
import Testing

/// Terminal-only behaviour (Tab, history, UTF-8 typing, Ctrl-D) checked through a pseudo-terminal.
@Suite("Terminal session, through a pseudo-terminal")
nonisolated struct TerminalTests {
    @Test func completionHistoryAndUnicodeWorkAtThePrompt() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Terminal/terminal_session.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["60", "python3", script.path, ReplProcess.built().executable.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
    }
}
