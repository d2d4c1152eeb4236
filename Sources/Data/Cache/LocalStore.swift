/// An on-device store the data source caches into (the generic data source's local half).
public protocol LocalStore<Key, StoredObject>: Sendable {
    /// What identifies a stored object.
    associatedtype Key: Hashable & Sendable & CustomStringConvertible
    /// What the store keeps; the data source requires the remote store to produce the same type.
    associatedtype StoredObject: Sendable

    /// The object and its metadata, or `nil` when nothing is stored under `key`.
    func find(_ key: Key) async throws(StorageError) -> CachedEntry<StoredObject>?
    /// Stores (or replaces) an object and its metadata.
    func persist(_ object: StoredObject, for key: Key, metadata: CacheMetadata) async throws(StorageError)
    /// Stores many objects in one transaction, all with the same metadata.
    func persistAll(_ objects: [(key: Key, object: StoredObject)], metadata: CacheMetadata) async throws(StorageError)
    /// Replaces only the metadata of a stored object (after a `304 Not Modified`).
    func updateMetadata(_ metadata: CacheMetadata, for key: Key) async throws(StorageError)
    /// Removes one object and its metadata.
    func remove(_ key: Key) async throws(StorageError)
    /// Removes every object of this store.
    func removeAll() async throws(StorageError)
    /// How many objects the store holds.
    func count() async throws(StorageError) -> Int
}
