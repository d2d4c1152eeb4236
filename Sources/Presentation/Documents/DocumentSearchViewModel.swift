public import Domain

/// Search as you type over the documents.
public typealias DocumentSearchViewModel = SearchViewModel<DocumentSummary>

/// What the document search shows.
public typealias DocumentSearchViewState = SearchViewState<DocumentSummary>

extension SearchViewModel where Item == DocumentSummary {
    /// The document search, with `searchDocuments`; searches wait for `debounce` of silence on
    /// `clock`.
    public convenience init(
        searchDocuments: SearchDocumentsUseCase, clock: any Clock<Duration>, debounce: Duration = .milliseconds(300),
        policy: ReadPolicy = .cacheFirst
    ) {
        self.init(name: "SearchViewModel", clock: clock, debounce: debounce, policy: policy) { query, policy in
            await searchDocuments.execute(query: query, policy: policy).mapError {
                ItemLoadFailure($0, cancelled: .cancelled)
            }
        }
    }
}
