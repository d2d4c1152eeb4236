import Domain
import Presentation
import ShellKit

/// Items a list screen shows: how a command prints the list.
protocol ListRendering: Equatable, Sendable {
    /// The output for `items` read from `provenance` (`nil` when the list is empty and has no source).
    static func listOutput(_ items: [Self], provenance: Provenance?) -> CommandOutput
}

extension ListViewState: CommandOutcome where Item: ListRendering {
    /// The items on screen, or the failure; a load that never finished was cancelled.
    func commandOutput() throws(CommandFailure) -> CommandOutput { try commandOutput(Item.listOutput) }
}

extension ListViewState {
    /// The items on screen as `render` prints them, or the failure; a load that never finished
    /// was cancelled.
    func commandOutput(
        _ render: ([Item], _ provenance: Provenance?) -> CommandOutput
    ) throws(CommandFailure) -> CommandOutput {
        switch self {
        case .loaded(let items, let provenance), .refreshing(let items, let provenance):
            return render(items, provenance)
        case .empty: return render([], nil)
        case .failed(let failure): throw CommandFailure(failure.message)
        case .idle, .loading: throw .cancelled
        }
    }
}

extension SearchViewState: CommandOutcome where Item: ListRendering {
    /// The matches, or the failure; a search that never ran had nothing to search for.
    func commandOutput() throws(CommandFailure) -> CommandOutput { try commandOutput(Item.listOutput) }
}

extension SearchViewState {
    /// The matches as `render` prints them, or the failure; a search that never ran had nothing
    /// to search for.
    func commandOutput(
        _ render: ([Item], _ provenance: Provenance?) -> CommandOutput
    ) throws(CommandFailure) -> CommandOutput {
        switch self {
        case .results(_, let items, let provenance): return render(items, provenance)
        case .noResults: return render([], nil)
        case .failed(_, let failure): throw CommandFailure(failure.message)
        case .idle: throw CommandFailure(UserMessages.text(for: .emptyQuery))
        case .searching: throw .cancelled
        }
    }
}
