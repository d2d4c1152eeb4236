import Domain
import Foundation

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

/// Documents by id over HTTP: `GET /documents/:id`.
public typealias HTTPDocumentStore = HTTPResourceStore<Int, DocumentDTO, Document>
/// Users by id over HTTP: `GET /users/:id`.
public typealias HTTPUserStore = HTTPResourceStore<Int, UserDTO, User>
/// Document lists over HTTP: `GET /documents?q=`.
public typealias HTTPDocumentListStore = HTTPResourceStore<DocumentListQuery, DocumentListDTO, [DocumentSummary]>

extension HTTPResourceStore where Key == Int, DTO == DocumentDTO, Object == Document {
    /// The document store of an API.
    public static func documents(_ client: APIClient) -> Self {
        Self(
            client: client, request: { ("documents/\($0)", []) }, map: { dto throws(RemoteError) in try dto.toDomain() }
        )
    }
}

extension HTTPResourceStore where Key == Int, DTO == UserDTO, Object == User {
    /// The user store of an API.
    public static func users(_ client: APIClient) -> Self {
        Self(client: client, request: { ("users/\($0)", []) }, map: { dto throws(RemoteError) in try dto.toDomain() })
    }
}

extension HTTPResourceStore where Key == DocumentListQuery, DTO == DocumentListDTO, Object == [DocumentSummary] {
    /// The document-list store of an API.
    public static func documentLists(_ client: APIClient) -> Self {
        Self(
            client: client,
            request: { query in ("documents", query.search.map { [URLQueryItem(name: "q", value: $0)] } ?? []) },
            map: { dto throws(RemoteError) in try dto.toDomain() }
        )
    }
}
