public import Foundation
public import HTTPTypes

extension APIClient {
    /// `POST`s the file at `file` as the body (of type `contentType`), read from disk as it goes,
    /// and decodes the JSON answer; `retryable` says a resend is safe (the request has its key).
    public func upload<Value: Decodable & Sendable>(
        _ path: String, file: URL, contentType: String, headers extra: HTTPFields = [:], retryable: Bool = false,
        as type: Value.Type = Value.self
    ) async throws(RemoteError) -> Value {
        var fields = extra
        fields[.contentType] = contentType
        fields[.accept] = "application/json"
        let (response, body) = try await perform(try request(.post, path, [], fields), retryable: retryable) {
            http, request throws(TransportError) in try await http.upload(request, fromFile: file)
        }
        return try Self.decode(Value.self, from: response, body: body)
    }

    /// `GET`s `path` into a new temporary file, written as the body arrives; the caller moves or
    /// removes it.
    public func download(_ path: String) async throws(RemoteError) -> URL {
        let (_, file) = try await perform(try request(.get, path, [], [:])) {
            http, request throws(TransportError) -> (HTTPResponse, URL?) in
            let (response, file) = try await http.download(request)
            guard response.status.kind == .successful else {
                try? FileManager.default.removeItem(at: file)  // an error's body: the status says it all
                return (response, nil)
            }
            return (response, file)
        }
        guard let file else { throw .invalidData("the download has no body") }
        return file
    }
}
