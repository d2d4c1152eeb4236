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
    private let identify: (@Sendable (Object) -> Key)?

    /// Creates a store that asks `client` for `request(key)` and maps the answer with `map`;
    /// `identify` names the key an answer is for (nil for answers that carry none, such as
    /// lists), so an answer for another key is refused instead of cached under the one asked.
    public init(
        client: APIClient, request: @escaping @Sendable (Key) -> (path: String, query: [URLQueryItem]),
        map: @escaping @Sendable (DTO) throws(RemoteError) -> Object, identify: (@Sendable (Object) -> Key)?
    ) {
        self.client = client
        self.request = request
        self.map = map
        self.identify = identify
    }

    /// Fetches and maps the resource for `key`.
    public func fetch(_ key: Key, ifNoneMatch etag: String?) async throws(RemoteError) -> RemoteFetch<Object> {
        let (path, query) = request(key)
        switch try await client.get(path, query: query, ifNoneMatch: etag, as: DTO.self) {
        case .modified(let dto, let validators):
            let object = try map(dto)
            if let identify, identify(object) != key {
                throw .invalidData("asked for \(path), the server answered with \(identify(object))")
            }
            return .modified(object, validators)
        case .notModified(let validators): return .notModified(validators)
        }
    }
}
