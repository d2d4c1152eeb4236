public import Foundation
import Signals
import Synchronization

/// Runs the REPL with input on a pipe kept open and kills it with SIGKILL the moment its output
/// contains a marker: the crash that state restoration must survive.
public enum KilledRepl {
    /// Why the run did not reach its marker.
    public struct MarkerNotSeen: Error, CustomStringConvertible {
        /// The output seen before the deadline.
        public let output: String
        /// A one-line explanation.
        public var description: String { "the marker never appeared; output was: \(output)" }
    }

    /// Starts `executable`, writes `input`, sends SIGKILL after `delay` (or when it exits), and
    /// returns what it printed on stdout until then.
    public static func run(
        executable: URL, arguments: [String], input: String, killAfter delay: Duration
    ) async throws -> String {
        let unmatchable = "\u{0}never printed\u{0}"
        return try await run(
            executable: executable, arguments: arguments, input: input, killAfterOutput: unmatchable,
            timeoutSeconds: nil, deadline: delay)
    }

    /// Starts `executable`, writes `input`, and sends SIGKILL once stdout contains
    /// `killAfterOutput`; throws when the marker does not appear within `timeoutSeconds`.
    public static func run(
        executable: URL, arguments: [String], input: String, killAfterOutput marker: String, timeoutSeconds: Int = 30
    ) async throws {
        _ = try await run(
            executable: executable, arguments: arguments, input: input, killAfterOutput: marker,
            timeoutSeconds: timeoutSeconds, deadline: .seconds(timeoutSeconds))
    }

    private static func run(
        executable: URL, arguments: [String], input: String, killAfterOutput marker: String, timeoutSeconds: Int?,
        deadline delay: Duration
    ) async throws -> String {
        let stdin = Pipe()
        let stdout = Pipe()
        let seen = Mutex(Data())
        let found = AsyncStream<Void>.makeStream()
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            let text = seen.withLock { data -> String in
                data.append(chunk)
                return String(decoding: data, as: UTF8.self)
            }
            if text.contains(marker) || chunk.isEmpty { found.continuation.finish() }
        }
        let child = try ChildProcess.spawn(
            executable, arguments: ReplProcess.isolated(arguments), stdin: stdin.fileHandleForReading.fileDescriptor,
            stdout: stdout.fileHandleForWriting.fileDescriptor, stderr: FileHandle.nullDevice.fileDescriptor)
        // The child has its own copies: closing ours lets the output pipe end when the child does.
        try? stdout.fileHandleForWriting.close()
        try? stdin.fileHandleForReading.close()
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        let deadline = Task {
            try? await Task.sleep(for: delay)
            found.continuation.finish()
        }
        for await _ in found.stream {}
        deadline.cancel()
        child.send(SIGKILL)
        stdout.fileHandleForReading.readabilityHandler = nil
        try? stdin.fileHandleForWriting.close()
        _ = await child.wait()
        // What the process wrote before it died may still sit in the pipe: it was printed, so it counts.
        let rest = ChildProcess.drain(stdout.fileHandleForReading)
        let output = seen.withLock { data in
            data.append(rest)
            return String(decoding: data, as: UTF8.self)
        }
        guard timeoutSeconds == nil || output.contains(marker) else { throw MarkerNotSeen(output: output) }
        return output
    }
}
