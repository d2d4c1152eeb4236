/// Runs `work` `count` times at once, each on the shared pool, and returns why each run that
/// failed did: for races, such as two processes opening one new database together.
public func failuresRunning(
    _ count: Int, atOnce work: @escaping @Sendable () throws -> Void
) async -> [String] {
    await withTaskGroup(of: String?.self) { group in
        for _ in 0..<count {
            group.addTask { @concurrent in
                do {
                    try work()
                    return nil
                } catch {
                    return "\(error)"
                }
            }
        }
        return await group.reduce(into: [String]()) { failures, failure in
            if let failure { failures.append(failure) }
        }
    }
}
