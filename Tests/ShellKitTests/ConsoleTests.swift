import Foundation
import ShellKit
import Testing

/// Writing to the standard streams: text reaches the reader as it is, and a reader that went away
/// never stops the process.
@Suite("Console writes")
struct ConsoleTests {
    @Test func verbatimTextReachesTheReaderWithNothingAdded() throws {
        let pipe = Pipe()
        let line = "\rcopying [##..] 2/4\u{1B}[K"
        Console.writeVerbatim(line, to: pipe.fileHandleForWriting.fileDescriptor)
        // Read what was written, then check nothing follows without waiting for the pipe's end: a
        // child another test starts may hold the write end for as long as it runs.
        let read = try pipe.fileHandleForReading.read(upToCount: line.utf8.count) ?? Data()
        #expect(String(decoding: read, as: UTF8.self) == line)
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var next: UInt8 = 0
        #expect(Foundation.read(descriptor, &next, 1) == -1, "a byte was added after the text")
    }

    /// A prompt written after the reader closed its end (`repl | head -1`, a hung-up terminal)
    /// is dropped: Foundation's `FileHandle.write(_:)` stopped the process with a fatal error.
    @Test func aReaderThatWentAwayDropsTheTextAndNothingElse() throws {
        signal(SIGPIPE, SIG_IGN)  // as the REPL does: a broken pipe is an error, not a signal
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        Console.writeVerbatim(
            "-- more: Return for the next page, q to stop -- ", to: pipe.fileHandleForWriting.fileDescriptor)
        try pipe.fileHandleForWriting.close()
    }
}
