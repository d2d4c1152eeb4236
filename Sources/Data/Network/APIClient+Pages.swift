public import Foundation
import HTTPTypes

/// Where a page of a list is: a path under the API with its query, or the address that an
/// earlier page's answer named.
public enum PageAddress: Sendable, Equatable {
    /// A path under the API's base URL, such as `documents`, and its query.
    case path(String, query: [URLQueryItem])
    /// An address a server's answer named (a `Link` header's target).
    case link(URL)
}

extension APIClient {
    /// `GET`s one page of a JSON list.
    ///
    /// Before the body is decoded, `next` hears the address of the page after this one when the
    /// answer names it in `Link: <…>; rel="next"` (RFC 8288). The client can then ask for that page
    /// while it decodes this one. The address is resolved against the request's URL and heard only
    /// when it stays under the API's base URL, so the session's credentials never follow a link
    /// elsewhere.
    public func getPage<Value: Decodable & Sendable>(
        _ address: PageAddress, as type: Value.Type = Value.self, next: @Sendable (URL) -> Void
    ) async throws(RemoteError) -> Value {
        let fields: HTTPFields = [.accept: "application/json"]
        let request: HTTPRequest
        switch address {
        case .path(let path, let query): request = try self.request(.get, path, query, fields)
        case .link(let url): request = try self.request(.get, url: url, fields)
        }
        let (response, body) = try await perform(request, body: nil)
        if response.status == .notModified { throw .invalidData("304 without a conditional request") }
        if let url = request.url, let name = HTTPField.Name("Link"),
            let link = Self.nextLink(response.headerFields[name], relativeTo: url), isUnderBase(link)
        {
            next(link)
        }
        return try Self.decode(Value.self, from: response, body: body)
    }

    /// The target of the `rel="next"` link in a `Link` header's value, resolved against
    /// `requestURL`; `nil` without one.
    static func nextLink(_ header: String?, relativeTo requestURL: URL) -> URL? {
        guard var rest = header?[...] else { return nil }
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let reference = rest[rest.index(after: open)..<close]
            let parameters = rest[rest.index(after: close)...].prefix { $0 != "<" }
            rest = rest[parameters.endIndex...]
            if relations(in: parameters).contains("next") {
                return URL(string: String(reference), relativeTo: requestURL)?.absoluteURL
            }
        }
        return nil
    }

    /// The relation types of one link's parameters (`; rel="next prev"`), lowercased.
    private static func relations(in parameters: Substring) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else {
                continue
            }
            let value = parts[1].trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ",")))
            let unquoted = value.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return unquoted.lowercased().split(separator: " ").map(String.init)
        }
        return []
    }

    /// Whether `url` has the base URL's scheme, host and port, and a path under its path.
    func isUnderBase(_ url: URL) -> Bool {
        guard url.scheme?.lowercased() == baseURL.scheme?.lowercased(),
            url.host?.lowercased() == baseURL.host?.lowercased(), url.port == baseURL.port
        else { return false }
        let base = baseURL.path.hasSuffix("/") ? String(baseURL.path.dropLast()) : baseURL.path
        return base.isEmpty || url.path == base || url.path.hasPrefix(base + "/")
    }
}
