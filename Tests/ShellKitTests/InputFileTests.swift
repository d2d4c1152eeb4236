import Foundation
import ShellKit
import Testing

@Suite("Files named on the command line")
struct InputFileTests {
    @Test func aFileAtTheLimitIsReadWholeAndOneByteMoreIsRefusedNamingTheLimit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inputfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let exact = folder.appendingPathComponent("exact.json")
        let over = folder.appendingPathComponent("over.json")
        try Data(repeating: 0x61, count: 4_096).write(to: exact)
        try Data(repeating: 0x61, count: 4_097).write(to: over)
        #expect(
            InputFile.contents(of: exact.path, what: "payload file", maxBytes: 4_096)
                == .success(Data(repeating: 0x61, count: 4_096)))
        // A limit under a MiB is named in bytes, not rounded down to "0 MiB"
        #expect(
            InputFile.contents(of: over.path, what: "payload file", maxBytes: 4_096)
                == .failure(CommandFailure("cannot read payload file '\(over.path)': larger than 4096 bytes")))
    }

    @Test func aDeviceThatNeverEndsIsRefusedAsTooLargeAfterReadingPastTheLimit() {
        // /dev/zero reports no size and never ends: only the limit's worth (and a byte) is read
        #expect(
            InputFile.contents(of: "/dev/zero", what: "script", maxBytes: 1_048_576)
                == .failure(CommandFailure("cannot read script '/dev/zero': larger than 1 MiB")))
        #expect(InputFile.contents(of: "/dev/null", what: "script", maxBytes: 1_048_576) == .success(Data()))
    }

    /// A file that opens but cannot be read says why, in the system's words, on one line.
    @Test func aFileThatCannotBeReadSaysWhyInTheSystemsWords() {
        // Reading a process's memory at offset 0 fails with EIO: nothing is mapped there
        #expect(
            InputFile.contents(of: "/proc/self/mem", what: "file", maxBytes: 1_048_576)
                == .failure(CommandFailure("cannot read file '/proc/self/mem': Input/output error")))
    }

    /// A named pipe nobody writes to reads as empty at once: opening it used to wait for a writer,
    /// and `docs import`, `source` and `push deliver` never came back.
    @Test(.timeLimit(.minutes(1)))
    func aNamedPipeWithoutAWriterReadsAsEmptyWithoutWaiting() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inputfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(InputFile.contents(of: fifo.path, what: "file", maxBytes: 1_024) == .success(Data()))
    }
}
