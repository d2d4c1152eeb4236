public import Domain

/// The document list read a page at a time: the generic pages over `ListDocumentsUseCase`.
public typealias DocumentPagesViewModel = PagesViewModel<DocumentSummary>

/// What the paged document list shows.
public typealias DocumentPagesViewState = PagesViewState<DocumentSummary>

extension PagesViewModel where Item == DocumentSummary {
    /// A view model reading pages of `pageSize` documents with `listDocuments`.
    public convenience init(listDocuments: ListDocumentsUseCase, pageSize: Int = 50) {
        self.init(name: "DocumentPagesViewModel", pageSize: pageSize) { request, policy in
            await listDocuments.execute(page: request, policy: policy).mapError {
                ItemLoadFailure($0, cancelled: .cancelled)
            }
        }
    }
}
