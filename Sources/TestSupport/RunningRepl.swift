import Foundation
import Signals

/// A `repl` process that keeps running while a test types lines into it, one at a time, and
/// reads what it printed so far: two of them on one home are an app and its extension, on one
/// server two devices.
public final class RunningRepl: Sendable {
    private let child: ChildProcess
    private let input: FileHandle
    private let outputURL: URL
    private let scratch: URL

    /// Starts the binary with `arguments` (a home of its own unless they name one); the embedded
    /// server lets anyone write unless `environment` says otherwise.
    public init(_ repl: ReplProcess, arguments: [String], environment: [String: String] = [:]) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-running-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        outputURL = scratch.appendingPathComponent("output")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        let pipe = Pipe()
        input = pipe.fileHandleForWriting
        var environment = environment
        if environment["STRATA_SERVER_SIGN_IN"] == nil { environment["STRATA_SERVER_SIGN_IN"] = "open" }
        // Live updates apply the server's changes in the background: runs that are not about them
        // keep them off, so what they print does not depend on timing.
        if environment["STRATA_LIVE_UPDATES"] == nil { environment["STRATA_LIVE_UPDATES"] = "off" }
        // Nor do they send the push token after launch: its request would count in the server's
        // figures and could take a fault a test injected.
        if environment["STRATA_PUSH_REGISTRATION"] == nil { environment["STRATA_PUSH_REGISTRATION"] = "off" }
        let home = arguments.contains("--home") ? [] : ["--home", scratch.appendingPathComponent("home").path]
        child = try ChildProcess.spawn(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            arguments: ["--kill-after=5", "120", repl.executable.path] + ReplProcess.isolated(home + arguments),
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
            stdin: pipe.fileHandleForReading.fileDescriptor, stdout: output.fileDescriptor,
            stderr: output.fileDescriptor)
        try pipe.fileHandleForReading.close()
        try output.close()
    }

    deinit {
        try? input.close()
        child.send(SIGKILL)
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Everything printed so far, both streams.
    public var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }

    /// Types `line`.
    public func type(_ line: String) throws {
        try input.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Waits until the output satisfies `done` (as ``eventually(isolation:_:)`` waits); true if it did.
    public func waitFor(_ done: (String) -> Bool) async -> Bool {
        await eventually { done(output) }
    }

    /// Closes the input (the shell ends as at end of file) and waits for the exit status.
    public func finish() async throws -> Int32 {
        try input.close()
        return await child.wait()
    }
}
