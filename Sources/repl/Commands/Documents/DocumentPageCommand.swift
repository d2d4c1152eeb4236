import Domain
import Foundation
import Presentation
import ShellKit

/// `docs list --limit N [--after CURSOR]`: one page and its next cursor; on a terminal, a page at a
/// time with a "more" prompt between them, as `less` does.
enum DocumentPageCommand {
    /// Reads the page (or, on a terminal without `--after`, the pages) the flags ask for.
    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        guard
            let request = try PageFlags.request(
                arguments, invalidCursor: DocumentError.invalidCursor.errorDescription ?? "invalid cursor")
        else { throw CommandFailure("docs list pages with --limit N or --after CURSOR") }
        if request.after == nil, context.console.inputIsTerminal, context.console.outputIsTerminal {
            return try await browse(context, limit: request.limit, policy: arguments.readPolicy)
        }
        let use = ListDocumentsUseCase(repository: context.services.documents)
        return try await context.perform { () async throws(CommandFailure) -> CommandOutput in
            switch await use.execute(page: request, policy: arguments.readPolicy) {
            case .success(let fetched):
                return .rendered(
                    DocumentListOutput(
                        items: fetched.value.items, provenance: fetched.provenance,
                        page: DocumentListOutput.Page(next: fetched.value.next)))
            case .failure(let error): throw CommandFailure(error)
            }
        }
    }

    /// The prompt between pages.
    static let morePrompt = "-- more: Return for the next page, q to stop -- "

    /// Pages through the list with ``DocumentPagesViewModel``: prints each page as it arrives and
    /// asks before reading the next.
    private static func browse(_ context: CommandContext, limit: Int, policy: ReadPolicy) async throws(CommandFailure)
        -> CommandOutput
    {
        let pages = DocumentPagesViewModel(
            listDocuments: ListDocumentsUseCase(repository: context.services.documents), pageSize: limit)
        var shown = 0
        _ = try await context.perform { () async throws(CommandFailure) -> CommandOutput in
            await pages.load(policy: policy).value
            return .nothing
        }
        while true {
            switch pages.state {
            case .loaded(let items, let provenance):
                print(Array(items[shown...]), provenance, context)
                shown = items.count
                FileHandle.standardOutput.write(Data(morePrompt.utf8))  // no newline: the answer goes beside it
                guard let answer = readLine(strippingNewline: true), answer.lowercased() != "q" else {
                    return .message("Stopped after \(shown) documents.")
                }
                _ = try await context.perform { () async throws(CommandFailure) -> CommandOutput in
                    await pages.loadMore()?.value
                    return .nothing
                }
            case .endReached(let items, let provenance):
                print(Array(items[shown...]), provenance, context)
                return .message("end of the list (\(items.count) \(items.count == 1 ? "document" : "documents"))")
            case .empty: return .message("0 documents")
            case .failed(let failure), .moreFailed(_, _, let failure): throw CommandFailure(failure.message)
            case .idle, .loading, .loadingMore: return .message("cancelled")
            }
        }
    }

    private static func print(_ items: [DocumentSummary], _ provenance: Provenance, _ context: CommandContext) {
        let output = DocumentListOutput(items: items, provenance: provenance)
        if let table = output.table(styling: context.styling) { context.console.out(table) }
    }
}
