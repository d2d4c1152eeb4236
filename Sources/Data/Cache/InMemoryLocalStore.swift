/// A ``LocalStore`` in process memory: for tests, previews and apps that need no persistence.
public actor InMemoryLocalStore<Key: Hashable & Sendable & CustomStringConvertible, StoredObject: Sendable>: LocalStore
{
    private var entries: [Key: CachedEntry<StoredObject>] = [:]

    /// Creates an empty store.
    public init() {}

    /// The object and its metadata, or `nil`.
    public func find(_ key: Key) async throws(StorageError) -> CachedEntry<StoredObject>? { entries[key] }

    /// Stores an object.
    public func persist(_ object: StoredObject, for key: Key, metadata: CacheMetadata) async throws(StorageError) {
        entries[key] = CachedEntry(value: object, metadata: metadata)
    }

    /// Stores many objects.
    public func persistAll(
        _ objects: [(key: Key, object: StoredObject)], metadata: CacheMetadata
    ) async throws(StorageError) {
        for entry in objects { entries[entry.key] = CachedEntry(value: entry.object, metadata: metadata) }
    }

    /// Replaces only the metadata of a stored object.
    public func updateMetadata(_ metadata: CacheMetadata, for key: Key) async throws(StorageError) {
        entries[key]?.metadata = metadata
    }

    /// Removes one object.
    public func remove(_ key: Key) async throws(StorageError) { entries[key] = nil }

    /// Removes everything.
    public func removeAll() async throws(StorageError) { entries.removeAll() }

    /// How many objects are stored.
    public func count() async throws(StorageError) -> Int { entries.count }
}
