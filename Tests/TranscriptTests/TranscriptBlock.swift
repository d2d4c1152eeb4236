import Foundation
import Testing

/// One fenced `repl` block of a Markdown file: the commands to type and the output to expect.
struct TranscriptBlock: Sendable, CustomTestStringConvertible {
    /// The Markdown file the block is in.
    let file: URL
    /// The 1-based line number of the opening fence.
    let fenceLine: Int
    /// Extra command-line arguments from the info string (`repl --format json`).
    let arguments: [String]
    /// The block's lines between the fences, as written.
    let content: [String]

    /// The prompt of a continuation line (after a trailing `\` or inside an open quote).
    static let continuation = "..> "

    /// The line that ends one REPL process and starts another over the same home.
    static let restart = "~ restart"

    /// The start of a line that switches to another device (`~ device laptop`): a home of its
    /// own, and one standalone server that every device of the block talks to.
    static let devicePrefix = "~ device "

    /// The start of a line typed without an echo (`~ type analytical-engine`).
    ///
    /// It is the line a command reads as a secret (`login NAME --password-stdin`); it stands
    /// right after the command that reads it, and the replay puts it there too.
    static let secretPrefix = "~ type "

    /// The lines typed into one process, on one device (nil: the block's only home).
    struct Segment {
        /// The line that started it (`~ restart`, `~ device NAME`), nil for the first.
        var marker: String?
        /// The device, once a `~ device` line named one.
        var device: String?
        /// What is typed.
        var lines: [String] = []
        /// Which of `lines` are secret lines (never echoed).
        var secret: Set<Int> = []

        /// The replay's output with each secret line put back after the echo of the command
        /// that read it, as the block writes it.
        func withSecretLines(_ output: [String]) -> [String] {
            var result: [String] = []
            var next = 0
            func takeSecrets() {
                while next < lines.count, secret.contains(next) {
                    result.append(TranscriptBlock.secretPrefix + lines[next])
                    next += 1
                }
            }
            for line in output {
                result.append(line)
                if next < lines.count, !secret.contains(next), TranscriptBlock.typed(line) == lines[next] {
                    next += 1
                    takeSecrets()
                }
            }
            return result
        }
    }

    /// The lines typed into the REPL.
    var input: [String] { segments.flatMap(\.lines) }

    /// Whether the block plays several devices against a standalone server.
    var hasDevices: Bool { content.contains { $0.hasPrefix(Self.devicePrefix) } }

    /// The lines typed into each process, split at ``restart`` and `~ device` lines.
    var segments: [Segment] {
        var result = [Segment()]
        for line in content {
            if line == Self.restart {
                result.append(Segment(marker: line, device: result[result.count - 1].device))
            } else if line.hasPrefix(Self.devicePrefix) {
                let device = String(line.dropFirst(Self.devicePrefix.count)).trimmingCharacters(in: .whitespaces)
                if result.count == 1 && result[0].lines.isEmpty && result[0].marker == nil {
                    result[0] = Segment(marker: line, device: device)
                } else {
                    result.append(Segment(marker: line, device: device))
                }
            } else if line.hasPrefix(Self.secretPrefix) {
                result[result.count - 1].secret.insert(result[result.count - 1].lines.count)
                result[result.count - 1].lines.append(String(line.dropFirst(Self.secretPrefix.count)))
            } else if let typed = Self.typed(line) {
                result[result.count - 1].lines.append(typed)
            }
        }
        return result
    }

    /// The text after the prompt when `line` is an input line: `strata> ` or, while a scene is
    /// active, `strata[editor:1]> `, with ` (offline)` and ` (2 pending)` when they apply; `..> `
    /// continues an entry.
    static func typed(_ line: String) -> String? {
        if line.hasPrefix(continuation) { return String(line.dropFirst(continuation.count)) }
        guard line.hasPrefix("strata") else { return nil }
        var rest = line.dropFirst("strata".count)
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            rest = rest[rest.index(after: close)...]
        }
        // Status groups such as ` (offline)` and ` (2 pending)`.
        while rest.hasPrefix(" (") {
            guard let close = rest.firstIndex(of: ")") else { return nil }
            rest = rest[rest.index(after: close)...]
        }
        guard rest.hasPrefix("> ") else { return nil }
        return String(rest.dropFirst(2))
    }

    /// The expected exit status, from a `? N` line (0 without one).
    var expectedStatus: Int32 {
        content.compactMap(Self.statusLine).last ?? 0
    }

    /// The expected output lines (input echoes included, the status line left out).
    var expected: [String] {
        content.filter { Self.statusLine($0) == nil }
    }

    /// The 1-based line number in the file of content line `index`.
    func fileLine(ofContentIndex index: Int) -> Int { fenceLine + 1 + index }

    /// `Guide.md:12`, shown in test names.
    var testDescription: String { "\(file.lastPathComponent):\(fenceLine)" }

    /// The `N` of a `? N` line.
    static func statusLine(_ line: String) -> Int32? {
        guard line.hasPrefix("? ") else { return nil }
        return Int32(line.dropFirst(2).trimmingCharacters(in: .whitespaces))
    }
}

/// Finds `repl` blocks in Markdown text.
enum TranscriptCatalog {
    /// The package's root folder.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// `README.md` and every Markdown file under `Docs/`, sorted.
    static func markdownFiles(root: URL = packageRoot) -> [URL] {
        let docs = root.appendingPathComponent("Docs")
        let nested = (FileManager.default.subpaths(atPath: docs.path) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
        return [root.appendingPathComponent("README.md")] + nested
    }

    /// Every block to replay in every Markdown file.
    static func allBlocks() -> [TranscriptBlock] {
        markdownFiles().flatMap { file in
            blocks(in: (try? String(contentsOf: file, encoding: .utf8)) ?? "", file: file)
        }
    }

    /// The replayable blocks of one file's text; `repl ignore` blocks are left out.
    static func blocks(in text: String, file: URL) -> [TranscriptBlock] {
        let lines = text.components(separatedBy: "\n")
        var found: [TranscriptBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard let fence = fenceMarker(line) else {
                index += 1
                continue
            }
            let info = line.dropFirst(fence.count).split(separator: " ").map(String.init)
            let closing = lines[(index + 1)...].firstIndex { $0.hasPrefix(fence) } ?? lines.count
            if info.first == "repl" && !info.contains("ignore") {
                let content = Array(lines[(index + 1)..<closing])
                found.append(
                    TranscriptBlock(
                        file: file, fenceLine: index + 1, arguments: Array(info.dropFirst()), content: content))
            }
            index = closing + 1
        }
        return found
    }

    private static func fenceMarker(_ line: String) -> String? {
        if line.hasPrefix("```") { return "```" }
        if line.hasPrefix("~~~") { return "~~~" }
        return nil
    }
}
