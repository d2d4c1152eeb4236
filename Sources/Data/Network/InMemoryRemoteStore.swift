/// A ``RemoteStore`` in process memory that behaves like a caching server: entity tags, 304s,
/// and failure injection. For tests and previews.
public actor InMemoryRemoteStore<Key: Hashable & Sendable & CustomStringConvertible, TargetObject: Sendable>:
    RemoteStore
{
    private var objects: [Key: (object: TargetObject, version: Int)] = [:]
    private var failures: [RemoteError] = []
    private var maxAge: Double?
    /// How many fetches reached the store.
    public private(set) var fetchCount = 0

    /// Creates a store holding `objects`; responses carry `maxAge` when given.
    public init(objects: [Key: TargetObject] = [:], maxAge: Double? = nil) {
        self.objects = objects.mapValues { ($0, 1) }
        self.maxAge = maxAge
    }

    /// Replaces (or adds) an object; its entity tag changes.
    public func put(_ object: TargetObject, for key: Key) {
        objects[key] = (object, (objects[key]?.version ?? 0) + 1)
    }

    /// Removes an object: later fetches get `notFound`.
    public func remove(_ key: Key) { objects[key] = nil }

    /// Makes the next fetches fail with these errors, in order.
    public func failNext(_ errors: [RemoteError]) { failures += errors }

    /// Answers with the object, or 304 when `etag` matches, or `notFound`.
    public func fetch(_ key: Key, ifNoneMatch etag: String?) async throws(RemoteError) -> RemoteFetch<TargetObject> {
        fetchCount += 1
        if !failures.isEmpty { throw failures.removeFirst() }
        guard let stored = objects[key] else { throw .notFound }
        let validators = RemoteValidators(etag: "\"\(key)-v\(stored.version)\"", maxAge: maxAge)
        if etag == validators.etag { return .notModified(validators) }
        return .modified(stored.object, validators)
    }
}
