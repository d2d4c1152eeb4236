import Foundation
import ShellKit
import Testing

/// Writing to the standard streams: text reaches the reader as it is, and a reader that went away
/// never stops the process.
@Suite("Console writes")
struct ConsoleTests {
    @Test func verbatimTextReachesTheReaderWithNothingAdded() throws {
        let pipe = Pipe()
        Console.writeVerbatim("\rcopying [##..] 2/4\u{1B}[K", to: pipe.fileHandleForWriting.fileDescriptor)
        try pipe.fileHandleForWriting.close()
        let read = pipe.fileHandleForReading.readDataToEndOfFile()
        #expect(String(decoding: read, as: UTF8.self) == "\rcopying [##..] 2/4\u{1B}[K")
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
