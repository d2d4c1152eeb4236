import DemoBackend
import Foundation
import TestSupport

/// Replays a block through the built REPL and rewrites blocks in place on request.
enum TranscriptRunner {
    /// The outcome of replaying one block.
    struct Replay {
        /// The merged stdout and stderr, split into lines.
        let lines: [String]
        /// The exit status.
        let status: Int32
    }

    /// Runs the block's input as batch-mode processes with `--echo` and a fresh home.
    ///
    /// One process, or one per segment when `~ restart` lines split the block (they share the
    /// home, as a user quitting and starting again would). `~ device NAME` lines switch to a home
    /// per device, all talking to one standalone server started for the block.
    static func replay(_ block: TranscriptBlock) async throws -> Replay {
        let scratch = try ScratchFolder()
        let home = scratch.url.appendingPathComponent("home")
        defer { ReplProcess.removeHome(home) }
        var server: DemoBackend?
        var remote: [String] = []
        if block.hasDevices {
            // The standalone server's clock is pinned as the shell's `--deterministic` pins its own.
            let backend = try DemoBackend(
                data: scratch.url.appendingPathComponent("server"), sharing: .exclusive,
                now: { Date(timeIntervalSince1970: 1_767_344_400) }, signIn: .open)
            remote = ["--remote", try await backend.start().absoluteString, "--admin-token", backend.adminToken]
            server = backend
        }
        var lines: [String] = []
        var status: Int32 = 0
        for segment in block.segments {
            if let marker = segment.marker { lines.append(marker) }
            let device = segment.device.map { scratch.url.appendingPathComponent("device-\($0)") } ?? home
            let arguments = ["--echo", "--deterministic", "--home", device.path] + remote + block.arguments
            let input = Data(segment.lines.map { $0 + "\n" }.joined().utf8)
            let outcome = try await ReplProcess.built().run(arguments, input: input, merged: true)
            var output = outcome.stdout.components(separatedBy: "\n")
            if output.last == "" { output.removeLast() }
            lines += segment.withSecretLines(output)
            if status == 0 { status = outcome.status }
        }
        await server?.stop()
        return Replay(lines: lines, status: status)
    }

    /// Why the replay differs from the block, with `file:line` and a diff, or `nil` when it matches.
    static func mismatch(_ block: TranscriptBlock, _ replay: Replay) -> String? {
        let expected = block.expected
        let linesMatch = TranscriptMatcher.matches(expected: expected, actual: replay.lines)
        if linesMatch && replay.status == block.expectedStatus { return nil }
        let firstBad = firstMismatchIndex(expected, replay.lines)
        let location = "\(block.file.path):\(block.fileLine(ofContentIndex: firstBad))"
        guard linesMatch else {
            let diff = TranscriptMatcher.diff(expected: expected, actual: replay.lines)
            return "\(location): the REPL's output differs from the transcript (-expected +actual)\n\(diff)"
        }
        return "\(location): exit status \(replay.status), the transcript expects \(block.expectedStatus)"
    }

    /// Rewrites every block of `file` whose replay differs; returns how many were rewritten.
    static func update(file: URL) async throws -> Int {
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let blocks = TranscriptCatalog.blocks(in: lines.joined(separator: "\n"), file: file)
        var rewritten = 0
        for block in blocks.reversed() {
            let replay = try await replay(block)
            guard mismatch(block, replay) != nil else { continue }
            var content = TranscriptMatcher.updated(expected: block.expected, actual: replay.lines)
            if replay.status != 0 { content.append("? \(replay.status)") }
            let start = block.fenceLine  // index of the first content line
            lines.replaceSubrange(start..<(start + block.content.count), with: content)
            rewritten += 1
        }
        if rewritten > 0 { try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8) }
        return rewritten
    }
}

// MARK: - Private

extension TranscriptRunner {
    private static func firstMismatchIndex(_ expected: [String], _ actual: [String]) -> Int {
        var j = 0
        for (i, pattern) in expected.enumerated() {
            if pattern == "..." { return i }
            guard j < actual.count, TranscriptMatcher.lineMatches(pattern, actual[j]) else { return i }
            j += 1
        }
        return expected.count
    }
}
