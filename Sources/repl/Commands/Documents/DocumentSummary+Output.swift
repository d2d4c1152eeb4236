import Domain
import ShellKit

extension DocumentSummary: ListRendering {
    /// The document list's table.
    static func listOutput(_ items: [DocumentSummary], provenance: Provenance?) -> CommandOutput {
        .rendered(DocumentListOutput(items: items, provenance: provenance))
    }
}
