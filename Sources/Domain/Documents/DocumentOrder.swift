/// The order documents are listed in: the most recently changed first; for the same moment, the
/// higher identifier first.
public enum DocumentOrder {
    /// Whether `first` is listed before `second`.
    public static func listsBefore(_ first: DocumentSummary, _ second: DocumentSummary) -> Bool {
        (first.updatedAt, first.id) > (second.updatedAt, second.id)
    }

    /// `summaries` in list order.
    public static func sorted(_ summaries: some Sequence<DocumentSummary>) -> [DocumentSummary] {
        summaries.sorted(by: listsBefore)
    }
}
