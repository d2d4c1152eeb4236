extension Result {
    /// The error of a failed result, `nil` for a success; lets tests compare failures directly.
    public var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
