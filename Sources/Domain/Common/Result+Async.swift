extension Result where Success: Sendable {
    /// Runs an async operation that throws only `Failure` and captures its outcome.
    public static func catching(
        _ body: () async throws(Failure) -> Success
    ) async -> Result<Success, Failure> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}

extension Result {
    /// The success transformed by an async step that may fail with the same error.
    public func asyncFlatMap<Other: Sendable>(
        _ transform: (Success) async -> Result<Other, Failure>
    ) async -> Result<Other, Failure> {
        switch self {
        case .success(let value): await transform(value)
        case .failure(let error): .failure(error)
        }
    }
}
