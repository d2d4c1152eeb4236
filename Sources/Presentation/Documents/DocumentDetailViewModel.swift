public import Domain

/// One document, read by id.
public typealias DocumentDetailViewModel = ItemViewModel<Document>

extension ItemViewModel where Item == Document {
    /// The detail screen of document `id`.
    public convenience init(id: Document.ID, fetchDocument: FetchDocumentUseCase) {
        self.init(name: "DocumentDetailViewModel") { policy in
            await fetchDocument.execute(id: id, policy: policy).mapError { ItemLoadFailure($0, cancelled: .cancelled) }
        }
    }
}
