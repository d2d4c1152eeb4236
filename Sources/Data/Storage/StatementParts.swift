import GRDB

extension Array {
    /// The elements in runs of at most `size`, in order: a statement binds a few hundred values at
    /// a time, however many a batch or an ingest brings.
    func chunked(by size: Int) -> [ArraySlice<Element>] {
        let size = Swift.max(1, size)
        return stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

extension Column {
    /// The rows whose key is in `namespace` (`NAMESPACE:…`), as a range the key's index answers:
    /// `LIKE` reads every row of the table, and reads a `_` in the namespace as any character.
    func inNamespace(_ namespace: String) -> SQLExpression {
        // ";" is the character after ":", so the range holds exactly the keys that begin "NAMESPACE:".
        self >= "\(namespace):" && self < "\(namespace);"
    }
}
