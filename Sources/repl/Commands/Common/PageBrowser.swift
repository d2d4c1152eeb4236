import Domain
import Foundation
import Presentation
import ShellKit

/// `docs list --limit N` and every generated feature's `list --limit N` on a terminal: a page at a
/// time, with a "more" prompt between them, as `less` does.
enum PageBrowser {
    /// The prompt between pages.
    static let morePrompt = "-- more: Return for the next page, q to stop -- "

    /// Whether `request` is read a page at a time with a prompt: its first page, asked on a
    /// terminal (a pipe or a script gets the one page and its next cursor).
    static func browses(_ request: PageRequest, in context: CommandContext) -> Bool {
        request.after == nil && context.console.inputIsTerminal && context.console.outputIsTerminal
    }

    /// Pages through the list with the view model `make` makes: prints each page as it arrives
    /// with `print` and asks before reading the next; `noun` counts what was shown.
    static func browse<Item>(
        _ context: CommandContext, noun: Noun, policy: ReadPolicy, _ make: () -> PagesViewModel<Item>,
        print: ([Item], Provenance) -> Void
    ) async throws(CommandFailure) -> CommandOutput {
        let pages = make()
        var shown = 0
        _ = try await context.perform { () async throws(CommandFailure) -> CommandOutput in
            await pages.load(policy: policy).value
            return .nothing
        }
        while true {
            switch pages.state {
            case .loaded(let items, let provenance):
                print(Array(items[shown...]), provenance)
                shown = items.count
                Console.writeVerbatim(morePrompt, to: STDOUT_FILENO)  // no newline: the answer goes beside it
                guard let answer = readLine(strippingNewline: true), answer.lowercased() != "q" else {
                    return .message("Stopped after \(noun.counted(shown)).")
                }
                _ = try await context.perform { () async throws(CommandFailure) -> CommandOutput in
                    await pages.loadMore()?.value
                    return .nothing
                }
            case .endReached(let items, let provenance):
                print(Array(items[shown...]), provenance)
                return .message("end of the list (\(noun.counted(items.count)))")
            case .empty: return .message("0 \(noun.many)")
            case .failed(let failure), .moreFailed(_, _, let failure): throw CommandFailure(failure.message)
            case .idle, .loading, .loadingMore: return .message("cancelled")
            }
        }
    }
}
