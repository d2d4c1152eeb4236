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
