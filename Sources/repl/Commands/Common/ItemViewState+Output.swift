import Domain
import Presentation
import ShellKit

/// An item a screen shows with where it came from: how a command prints it.
protocol ItemRendering: Equatable, Sendable {
    /// The output for the item read from `provenance`.
    static func output(_ item: Self, provenance: Provenance) -> CommandOutput
}

extension ItemViewState: CommandOutcome where Item: ItemRendering {
    /// The item, or the failure; a load that never finished was cancelled.
    func commandOutput() throws(CommandFailure) -> CommandOutput {
        switch self {
        case .loaded(let item, let provenance): return Item.output(item, provenance: provenance)
        case .failed(let failure): throw CommandFailure(failure.message)
        case .idle, .loading: throw .cancelled
        }
    }
}
