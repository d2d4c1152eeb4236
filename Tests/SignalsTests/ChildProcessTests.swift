import Foundation
import Signals
import Testing

/// How the app and the process tests start a child: it inherits only its three streams, and what
/// it printed is read without waiting on anyone else's copy of the pipe.
@Suite("Child processes", .timeLimit(.minutes(1)))
struct ChildProcessTests {
    /// Reading what a dead child printed must not wait for the end of the pipe.
    ///
    /// While any other process holds its write end (here a running child; in a full run, one
    /// another test started at the same moment) that end never comes, and the blocked read held
    /// one of the run's two threads. Two such reads stalled the whole run for a minute.
    @Test func drainingAPipeReturnsWhatIsThereWhileAnotherProcessStillHoldsIt() async throws {
        let output = Pipe()
        let holder = try ChildProcess.spawn(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "printf ready; exec sleep 30"],
            stdin: FileHandle.nullDevice.fileDescriptor, stdout: output.fileHandleForWriting.fileDescriptor,
            stderr: FileHandle.nullDevice.fileDescriptor)
        try output.fileHandleForWriting.close()
        var text = ""
        while !text.contains("ready"), holder.exitStatus() == nil {
            text += String(decoding: ChildProcess.drain(output.fileHandleForReading), as: UTF8.self)
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(text == "ready")
        #expect(ChildProcess.drain(output.fileHandleForReading).isEmpty)
        #expect(holder.exitStatus() == nil, "the drain waited for the holder to end")
        holder.send(SIGKILL)
        _ = await holder.wait()
    }

    /// A child keeps none of the test process's other descriptors: a pipe the test opened before
    /// the spawn is not among the running child's open files.
    ///
    /// The test looks at the child's descriptors instead of reading the pipe to its end: a child
    /// another test spawns at the same moment may hold the pipe too, and a read waiting for its
    /// end held one of the run's two threads for 30 s (the whole run stalled, and tests that wait
    /// for something failed).
    @Test func aChildInheritsNoOtherDescriptor() async throws {
        let unrelated = Pipe()
        let child = try ChildProcess.spawn(
            URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"], stdin: FileHandle.nullDevice.fileDescriptor,
            stdout: FileHandle.nullDevice.fileDescriptor, stderr: FileHandle.nullDevice.fileDescriptor)
        let files = FileManager.default
        let pipe = try files.destinationOfSymbolicLink(
            atPath: "/proc/self/fd/\(unrelated.fileHandleForWriting.fileDescriptor)")
        let childFiles = try files.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd").compactMap {
            try? files.destinationOfSymbolicLink(atPath: "/proc/\(child.pid)/fd/\($0)")
        }
        child.send(SIGKILL)
        _ = await child.wait()
        #expect(pipe.hasPrefix("pipe:["))
        #expect(childFiles.count >= 3, "its three streams")
        #expect(!childFiles.contains(pipe), "\(childFiles)")
    }

    /// Asking whether a child ended reaps it when it has: waiting for it afterwards must still
    /// return its status, not spin on a process that is gone.
    @Test func waitingAfterTheStatusWasTakenReturnsTheSameStatus() async throws {
        let child = try ChildProcess.spawn(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exit 3"], stdin: FileHandle.nullDevice.fileDescriptor,
            stdout: FileHandle.nullDevice.fileDescriptor, stderr: FileHandle.nullDevice.fileDescriptor)
        var status = child.exitStatus()
        while status == nil {
            try await Task.sleep(for: .milliseconds(5))
            status = child.exitStatus()
        }
        #expect(status == 3)
        #expect(await child.wait() == 3)
    }

    /// A child run to its end reads the input it is given; its status and what it printed come
    /// back, its errors with its output only when asked.
    @Test(arguments: [true, false])
    func aChildRunToItsEndGetsItsInputAndGivesBackItsOutput(mergingErrors: Bool) async throws {
        let (status, output) = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", #"read line; echo "got $line"; echo oops >&2; exit 4"#],
            environment: nil, input: "hello\n", mergingErrors: mergingErrors)
        #expect(status == 4)
        #expect(String(decoding: output, as: UTF8.self) == (mergingErrors ? "got hello\noops\n" : "got hello\n"))
    }

    /// A child that closes its input unread ends the run with its status: the write into the
    /// broken pipe fails quietly (Foundation's `write(_:)` would stop the caller with a fatal error).
    @Test func aChildThatClosesItsInputUnreadStillGivesItsStatus() async throws {
        signal(SIGPIPE, SIG_IGN)  // as the REPL does: a broken pipe is an error, not a signal
        // More than a pipe holds, so the write is still waiting when the child closes its end.
        let input = String(repeating: "x", count: 1_048_576)
        let (status, output) = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exec 0<&-; echo closed; exit 3"], environment: nil,
            input: input, mergingErrors: true)
        #expect(status == 3)
        #expect(String(decoding: output, as: UTF8.self) == "closed\n")
    }

    /// A run ends when its child does, even while a process the child left behind still holds its
    /// output: waiting for the pipe's end held a thread for as long as the other process lived
    /// (two such waits stalled a whole test run for 30 seconds).
    @Test func aRunEndsWithItsChildThoughAnotherProcessStillHoldsItsOutput() async throws {
        // The child leaves a process behind that keeps the output pipe and writes to it later.
        let (status, output) = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "(sleep 30; echo late) & echo started"],
            environment: nil, input: "", mergingErrors: false)
        #expect(status == 0)
        #expect(String(decoding: output, as: UTF8.self) == "started\n", "the run waited for the other process")
    }
}
