/// A server-side source the data source fetches from (the generic data source's remote half).
public protocol RemoteStore<Key, TargetObject>: Sendable {
    /// What identifies a remote object.
    associatedtype Key: Hashable & Sendable & CustomStringConvertible
    /// What the server produces, mapped to a Domain type.
    associatedtype TargetObject: Sendable

    /// Fetches the object; with `etag`, the server may answer that the cached copy is current.
    func fetch(_ key: Key, ifNoneMatch etag: String?) async throws(RemoteError) -> RemoteFetch<TargetObject>
}

/// What a conditional fetch produced.
public enum RemoteFetch<Object: Sendable>: Sendable {
    /// A new representation.
    case modified(Object, RemoteValidators)
    /// The cached copy is still current (`304 Not Modified`).
    case notModified(RemoteValidators)
}

/// The caching headers of a response.
public struct RemoteValidators: Sendable, Equatable {
    /// The `ETag`, quotes included as the server sent them.
    public var etag: String?
    /// `Cache-Control: max-age`, in seconds.
    public var maxAge: Double?

    /// Creates validators.
    public init(etag: String? = nil, maxAge: Double? = nil) {
        self.etag = etag
        self.maxAge = maxAge
    }
}
