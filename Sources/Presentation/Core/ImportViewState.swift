/// What an import screen shows (documents' and every generated feature's).
nonisolated public enum ImportViewState: Equatable, Sendable, CustomStringConvertible {
    /// Nothing started.
    case idle
    /// `done` of `total` items are saved.
    case importing(done: Int, total: Int)
    /// Every item was saved.
    case finished(imported: Int)
    /// The import stopped; the first `imported` items are saved, the rest are not.
    case failed(imported: Int, total: Int, failure: ViewFailure)

    /// A one-line description for traces.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .importing(let done, let total): "importing(\(done)/\(total))"
        case .finished(let imported): "finished(\(imported))"
        case .failed(let imported, let total, let failure): "failed(\(imported)/\(total): \(failure.message))"
        }
    }
}
