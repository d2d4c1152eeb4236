public import Foundation
import Synchronization

/// A child process started with `posix_spawn`: the part of Foundation's `Process` that the app
/// (its extension) and the tests use.
///
/// Swift 6.3.1's `Process.run()` on Linux reads each `/proc/self/fd` entry with a full-size
/// `dirent` copy and crashes the calling process now and then (swift-corelibs-foundation #5472,
/// fixed upstream after this toolchain): the test suite starts hundreds of children, and one full
/// run crashed that way; `app extension` would have taken the REPL down with it. Go back to
/// `Process` once the toolchain has the fix.
public struct ChildProcess: Sendable {
    /// The child's process identifier.
    public let pid: pid_t
    /// Its exit status, once it was reaped.
    private let reaped = SharedStatus(nil)

    /// A status shared by the copies of one child.
    private final class SharedStatus: Sendable {
        let status: Mutex<Int32?>
        init(_ status: Int32?) { self.status = Mutex(status) }
    }

    /// Why a child could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        /// `posix_spawn`'s error number.
        public let code: Int32
        /// The program.
        public let executable: String
        /// A one-line explanation.
        public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
    }

    /// Starts `executable` with `arguments`; its standard streams are the given descriptors
    /// (duplicated, so the caller keeps and closes its own), and it inherits nothing else.
    public static func spawn(
        _ executable: URL, arguments: [String], environment: [String: String]? = nil, stdin: Int32, stdout: Int32,
        stderr: Int32
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        // Close every other descriptor in the child (a listing by FileManager, which reads the
        // entries safely; one closed meanwhile is ignored by glibc). One another thread opens
        // after the listing stays open in the child: readers never wait for a pipe's end (drain).
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap {
            Int32($0)
        }
        for fd in open where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard code == 0 else { throw SpawnError(code: code, executable: executable.path) }
        return ChildProcess(pid: pid)
    }

    /// Runs `executable` to its end with `input` on its standard input; returns its exit status
    /// and what it printed on standard output, and on standard error as well when `mergingErrors`
    /// (otherwise its errors go to this process's).
    ///
    /// Its pipes close on exec, so no other child started meanwhile keeps one open, and its output
    /// is drained while it runs: no thread waits on the pipe. A child that ends before reading its
    /// input is no error here (its status says why); a caller that must survive that ignores
    /// `SIGPIPE`, as the REPL does.
    public static func run(
        _ executable: URL, arguments: [String], environment: [String: String]?, input: String, mergingErrors: Bool
    ) async throws -> (status: Int32, output: Data) {
        let stdin = try Self.pipe(for: executable)
        let stdout = try Self.pipe(for: executable)
        let child: ChildProcess
        do {
            child = try spawn(
                executable, arguments: arguments, environment: environment, stdin: stdin.read.fileDescriptor,
                stdout: stdout.write.fileDescriptor,
                stderr: mergingErrors ? stdout.write.fileDescriptor : FileHandle.standardError.fileDescriptor)
        } catch {
            for end in [stdin.read, stdin.write, stdout.read, stdout.write] { try? end.close() }
            throw error
        }
        // The child holds copies of these: closing ours lets its output end when it exits.
        try? stdin.read.close()
        try? stdout.write.close()
        defer { try? stdout.read.close() }
        try? stdin.write.write(contentsOf: Data(input.utf8))
        try? stdin.write.close()
        var output = Data()
        while child.exitStatus() == nil {
            output += drain(stdout.read)
            try? await Task.sleep(for: .milliseconds(5))
        }
        return (await child.wait(), output + drain(stdout.read))
    }

    /// What `handle` (a pipe's read end) holds now, without waiting for more or for its end: once
    /// a child has exited its output is all there, and a blocking read would hold one of the
    /// test run's few threads for as long as anything else keeps the pipe open.
    public static func drain(_ handle: FileHandle) -> Data {
        let fd = handle.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Waits for the child without blocking a thread; returns its exit status, or 128 plus the
    /// signal that ended it.
    public func wait() async -> Int32 {
        while true {
            if let status = exitStatus() { return status }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The exit status if the child has ended, else `nil`; the same status every time once it
    /// has (the first call after the end reaps the child, and a later `wait()` still returns).
    public func exitStatus() -> Int32? {
        reaped.status.withLock { reaped in
            if let reaped { return reaped }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
            let signal = status & 0x7f
            reaped = signal == 0 ? (status >> 8) & 0xff : 128 + signal
            return reaped
        }
    }

    /// A pipe whose two ends close on exec: Foundation's `Pipe` leaves them open in any child
    /// another thread starts, which then holds them for as long as it runs.
    private static func pipe(for executable: URL) throws -> (read: FileHandle, write: FileHandle) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw SpawnError(code: errno, executable: executable.path) }
        // Glibc's module does not offer pipe2(O_CLOEXEC): a child started in the microseconds
        // before these two calls may still get the ends, as with the listing in `spawn`.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (
            FileHandle(fileDescriptor: ends[0], closeOnDealloc: false),
            FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        )
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) {
        kill(pid, signal)
    }
}
