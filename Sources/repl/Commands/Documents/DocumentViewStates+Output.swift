import Domain
import Presentation
import ShellKit

extension DocumentSummary: ListRendering {
    /// The document list's table.
    static func listOutput(_ items: [DocumentSummary], provenance: Provenance?) -> CommandOutput {
        .rendered(DocumentListOutput(items: items, provenance: provenance))
    }
}

extension DocumentEditorViewState: CommandOutcome {
    /// The saved document, or why it was not saved.
    func commandOutput() throws(CommandFailure) -> CommandOutput {
        switch self {
        case .saved(let saved): return .rendered(DocumentOutput(document: saved, provenance: nil))
        case .failed(_, let failure, _): throw CommandFailure(failure.message)
        case .clean: throw CommandFailure(UserMessages.text(for: .noChanges))
        case .dirty, .saving: throw .cancelled
        case .conflict(let local, let remote):
            let theirs = remote.map { "version \($0.version)" } ?? "a deletion"
            throw CommandFailure(
                "saved on this device as \"\(local.title)\", but the server has \(theirs) (see 'conflicts list')")
        }
    }
}
