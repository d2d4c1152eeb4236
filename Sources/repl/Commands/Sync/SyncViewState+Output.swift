import Presentation
import ShellKit

extension SyncViewState: CommandOutcome {
    /// What the sync did, or why it stopped.
    func commandOutput() throws(CommandFailure) -> CommandOutput {
        switch self {
        case .synced(let report): return SyncOutput.report(report)
        case .failed(let failure): throw CommandFailure(failure.message)
        case .idle, .syncing: throw .cancelled
        }
    }
}
