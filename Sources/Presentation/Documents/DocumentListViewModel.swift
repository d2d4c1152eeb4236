public import Domain

/// The document list: loads on appear, refreshes while keeping what is on screen.
public typealias DocumentListViewModel = ListViewModel<DocumentSummary>

extension ListViewModel where Item == DocumentSummary {
    /// The document list, read with `listDocuments`.
    public convenience init(listDocuments: ListDocumentsUseCase) {
        self.init(name: "DocumentListViewModel") { policy in
            await listDocuments.execute(policy: policy).mapError { ItemLoadFailure($0, cancelled: .cancelled) }
        }
    }
}
