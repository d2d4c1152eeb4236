import Domain
public import Foundation

/// A ``RemoteStore`` that `GET`s one JSON resource per key and maps its DTO to a Domain type.
public struct HTTPResourceStore<
    Key: Hashable & Sendable & CustomStringConvertible, DTO: Decodable & Sendable, Object: Sendable
>:
    RemoteStore
{
    private let client: APIClient
    private let request: @Sendable (Key) -> (path: String, query: [URLQueryItem])
    private let map: @Sendable (DTO) throws(RemoteError) -> Object

    /// Creates a store that asks `client` for `request(key)` and maps the answer with `map`.
    public init(
        client: APIClient, request: @escaping @Sendable (Key) -> (path: String, query: [URLQueryItem]),
        map: @escaping @Sendable (DTO) throws(RemoteError) -> Object
    ) {
        self.client = client
        self.request = request
        self.map = map
    }

    /// Fetches and maps the resource for `key`.
    public func fetch(_ key: Key, ifNoneMatch etag: String?) async throws(RemoteError) -> RemoteFetch<Object> {
        let (path, query) = request(key)
        switch try await client.get(path, query: query, ifNoneMatch: etag, as: DTO.self) {
        case .modified(let dto, let validators): return .modified(try map(dto), validators)
        case .notModified(let validators): return .notModified(validators)
        }
    }
}
