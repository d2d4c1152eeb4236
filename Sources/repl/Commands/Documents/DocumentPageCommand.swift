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
        if PageBrowser.browses(request, in: context) {
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

    /// Pages through the list with ``DocumentPagesViewModel`` (see ``PageBrowser``).
    private static func browse(_ context: CommandContext, limit: Int, policy: ReadPolicy) async throws(CommandFailure)
        -> CommandOutput
    {
        try await PageBrowser.browse(context, noun: Noun.documents, policy: policy) {
            DocumentPagesViewModel(
                listDocuments: ListDocumentsUseCase(repository: context.services.documents), pageSize: limit)
        } print: { items, provenance in
            Self.print(items, provenance, context)
        }
    }

    private static func print(_ items: [DocumentSummary], _ provenance: Provenance, _ context: CommandContext) {
        let output = DocumentListOutput(items: items, provenance: provenance)
        if let table = output.table(styling: context.styling) { context.console.out(table) }
    }
}
