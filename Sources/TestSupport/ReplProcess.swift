public import Foundation
import Signals

/// Runs the built `repl` binary as a child process, the way a user or a script would.
public struct ReplProcess: Sendable {
    /// What a finished run produced.
    public struct Outcome: Sendable {
        /// The exit status.
        public let status: Int32
        /// Standard output (or both streams, merged in order, when run merged).
        public let stdout: String
        /// Standard error (empty when run merged).
        public let stderr: String
        /// How long the child ran, from its start to its exit (not the wait for a slot before it).
        public var elapsed: Duration = .zero
    }

    /// The binary to run.
    public let executable: URL

    /// Runs `executable` (the built binary, or a script that starts it under other limits).
    public init(executable: URL) {
        self.executable = executable
    }

    /// The `repl` binary built beside the running test bundle.
    public static func built() -> ReplProcess {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
            .resolvingSymlinksInPath().deletingLastPathComponent()
        var directory = testBinary
        // The test runner may sit inside a bundle folder; walk up until the repl binary is found.
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("repl").path) {
            directory.deleteLastPathComponent()
        }
        return ReplProcess(executable: directory.appendingPathComponent("repl"))
    }

    /// The embedded server's data folder the tests give a home: beside it, so runs that share a
    /// home share a server (as one device's launches do) and ``removeHome(_:)`` removes both.
    public static func serverData(forHome home: URL) -> URL {
        home.deletingLastPathComponent().appendingPathComponent(home.lastPathComponent + ".server")
    }

    /// `arguments` with `--server-data` beside the `--home` they name, unless they name a server
    /// folder or a remote: a test never touches the account's real server data.
    public static func isolated(_ arguments: [String]) -> [String] {
        guard !arguments.contains("--server-data"), !arguments.contains("--remote"),
            let flag = arguments.firstIndex(of: "--home"), flag + 1 < arguments.count
        else { return arguments }
        let home = URL(fileURLWithPath: arguments[flag + 1])
        return arguments + ["--server-data", serverData(forHome: home).path]
    }

    /// Removes a home and its server data.
    public static func removeHome(_ home: URL) {
        try? FileManager.default.removeItem(at: home)
        try? FileManager.default.removeItem(at: serverData(forHome: home))
    }

    /// Runs the binary with `arguments`, feeding `input` on stdin; `merged` sends stderr to stdout.
    ///
    /// Without a `--home` in `arguments` the run gets a fresh temporary home, so runs never share
    /// (or leave behind) a database; the embedded server keeps its data beside the home. A run whose
    /// `environment` sets `XDG_DATA_HOME` gets no home: the app uses its default container there.
    public func run(
        _ arguments: [String], input: Data = Data(), merged: Bool = false, timeoutSeconds: Int = 60,
        environment: [String: String] = [:]
    ) async throws -> Outcome {
        // The embedded server lets anyone write unless a test says otherwise (the sign-in tests do).
        var environment = environment
        if environment["STRATA_SERVER_SIGN_IN"] == nil { environment["STRATA_SERVER_SIGN_IN"] = "open" }
        // Live updates apply the server's changes in the background: runs that are not about them
        // keep them off, so what they print does not depend on timing.
        if environment["STRATA_LIVE_UPDATES"] == nil { environment["STRATA_LIVE_UPDATES"] = "off" }
        // Nor do they send the push token after launch: its request would count in the server's
        // figures and could take a fault a test injected.
        if environment["STRATA_PUSH_REGISTRATION"] == nil { environment["STRATA_PUSH_REGISTRATION"] = "off" }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try input.write(to: inputURL)
        // A test that sets XDG_DATA_HOME picked the data root itself: the app finds its default container there.
        let ownsDataRoot = arguments.contains("--home") || environment["XDG_DATA_HOME"] != nil
        let home = ownsDataRoot ? [] : ["--home", scratch.appendingPathComponent("home").path]
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

        let stdin = try FileHandle(forReadingFrom: inputURL)
        let stdout = try FileHandle(forWritingTo: outURL)
        let stderr = merged ? stdout : try FileHandle(forWritingTo: errURL)
        let (status, elapsed) = try await TestSlots.childProcesses.run {
            let started = ContinuousClock.now
            // coreutils' timeout ends a hung child, so a broken build fails a test instead of stalling CI.
            let child = try ChildProcess.spawn(
                URL(fileURLWithPath: "/usr/bin/timeout"),
                arguments: ["--kill-after=5", String(timeoutSeconds), executable.path]
                    + Self.isolated(home + arguments),
                environment: environment.isEmpty
                    ? nil : ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
                stdin: stdin.fileDescriptor, stdout: stdout.fileDescriptor, stderr: stderr.fileDescriptor)
            let status = await child.wait()
            return (status, started.duration(to: .now))
        }
        withExtendedLifetime((stdin, stdout, stderr)) {}
        return Outcome(
            status: status,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
            elapsed: elapsed
        )
    }

    /// Runs a script of lines in batch mode.
    public func run(
        lines: [String], arguments: [String] = [], merged: Bool = false, environment: [String: String] = [:]
    ) async throws -> Outcome {
        try await run(
            arguments, input: Data((lines.joined(separator: "\n") + "\n").utf8), merged: merged,
            environment: environment)
    }

    /// Runs `executable` to its end without blocking a thread (with two cores, a blocked
    /// cooperative thread per running child would stall the rest of the suite), its output and
    /// errors both into `output`; returns the exit status.
    public static func runToCompletion(
        _ executable: URL, arguments: [String], output: FileHandle
    ) async throws -> Int32 {
        let child = try ChildProcess.spawn(
            executable, arguments: arguments, stdin: FileHandle.nullDevice.fileDescriptor,
            stdout: output.fileDescriptor, stderr: output.fileDescriptor)
        return await child.wait()
    }
}
