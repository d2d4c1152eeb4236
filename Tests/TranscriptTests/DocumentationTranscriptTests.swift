import Foundation
import ShellKit
import Testing

@testable import repl

/// Replays every `repl` block of the README and `Docs/` so the documentation cannot rot.
@Suite("Documentation transcripts")
struct DocumentationTranscriptTests {
    static let updating = ProcessInfo.processInfo.environment["UPDATE_TRANSCRIPTS"] == "1"

    @Test("Replays", .enabled(if: !updating), arguments: TranscriptCatalog.allBlocks())
    func replays(block: TranscriptBlock) async throws {
        let replay = try await TranscriptRunner.replay(block)
        if let mismatch = TranscriptRunner.mismatch(block, replay) {
            Issue.record(Comment(rawValue: mismatch))
        }
    }

    @Test(.enabled(if: !updating)) func theGuideHasTheFiveRequiredTours() throws {
        let guide = TranscriptCatalog.packageRoot.appendingPathComponent("Docs/Guide.md")
        let blocks = TranscriptCatalog.blocks(in: try String(contentsOf: guide, encoding: .utf8), file: guide)
        #expect(blocks.count >= 5)
        let input = blocks.flatMap(\.input).joined(separator: "\n")
        #expect(input.contains("docs list") && input.contains("docs new"))
        #expect(blocks.contains { $0.arguments.contains("json") || $0.input.contains("format json") })
        #expect(blocks.contains { $0.expectedStatus == 1 })
    }

    @Test(.enabled(if: !updating)) @MainActor func everyHelpExampleIsTypedInAReplayedBlock() {
        let typed = Set(TranscriptCatalog.allBlocks().flatMap(\.input))
        let examples = CommandRegistry<CommandContext>.strata.commands.flatMap(\.examples)
        let missing = examples.filter { !typed.contains($0) }
        #expect(missing.isEmpty, "help examples no doc block replays: \(missing)")
    }

    /// Each flag of a document command is shown working in a replayed block, so a flag added with
    /// a field is replayed with it, and a flag that stops working fails a replay.
    @Test(.enabled(if: !updating)) @MainActor func everyFlagOfADocumentCommandIsTypedInAReplayedBlock() {
        let typed = TranscriptCatalog.allBlocks().flatMap(\.input)
        let missing = CommandRegistry<CommandContext>.strata.commands.filter { $0.group == .documents }
            .flatMap { command in
                command.flags.map(\.name).filter { flag in
                    !typed.contains { $0.hasPrefix(command.name + " ") && $0.contains(" " + flag) }
                }.map { "\(command.name) \($0)" }
            }
        #expect(missing.isEmpty, "flags no doc block types: \(missing)")
    }

    @Test("Rewrites expected output in place", .enabled(if: updating))
    func updateTranscripts() async throws {
        for file in TranscriptCatalog.markdownFiles() where FileManager.default.fileExists(atPath: file.path) {
            let count = try await TranscriptRunner.update(file: file)
            if count > 0 { print("updated \(count) block(s) in \(file.path)") }
        }
    }
}
