import Foundation

/// An HTTP answer before it goes on the wire: status, headers and body bytes.
///
/// Routes return one, idempotency keys store one, and a batch carries one per change.
struct Answer: Sendable, Equatable {
    let status: Int
    var headers: [String: String]
    let body: Data

    /// A JSON answer whose body is already encoded.
    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Answer {
        var headers = headers
        headers["Content-Type"] = "application/json"
        return Answer(status: status, headers: headers, body: Data(text.utf8))
    }

    /// A JSON answer of an encodable value.
    static func json(_ value: some Encodable, status: Int = 200, headers: [String: String] = [:]) -> Answer {
        json(ServerJSON.text(value), status: status, headers: headers)
    }

    /// An error answer: `{"error": message}`.
    static func error(_ message: String, status: Int, headers: [String: String] = [:]) -> Answer {
        json(["error": message], status: status, headers: headers)
    }

    /// `204 No Content`.
    static let noContent = Answer(status: 204, headers: [:], body: Data())

    /// The answer's body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The reason phrase for a status.
    static func phrase(_ status: Int) -> String {
        let phrases = [
            200: "OK", 201: "Created", 204: "No Content", 304: "Not Modified", 400: "Bad Request",
            401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 409: "Conflict",
            410: "Gone", 412: "Precondition Failed", 413: "Content Too Large", 415: "Unsupported Media Type",
            422: "Unprocessable Content",
            428: "Precondition Required", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
            503: "Service Unavailable", 504: "Gateway Timeout",
        ]
        return phrases[status] ?? "Status \(status)"
    }
}

/// A request as the routes see it, whatever carried it (a connection, or one change of a batch).
struct APIRequest: Sendable {
    let method: String
    /// The path's segments, such as `["documents", "3"]`.
    let parts: [String]
    let query: [String: String]
    /// Header values by lowercased name.
    var headers: [String: String]
    var body: Data
    /// The body already parsed, when the request was made from a batch's change: `body` is then
    /// its canonical text.
    var parsedBody: JSONValue?
    /// The address the request came from, when a connection carried it (sign-in attempts are
    /// limited per address).
    var peer: String?

    /// The path, such as `/documents/3`.
    var path: String { "/" + parts.joined(separator: "/") }

    /// A header's value, by any case of its name.
    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The route's name for counters, such as `GET /documents/:id`.
    var route: String { "\(method) /" + parts.map { Int($0) == nil ? $0 : ":id" }.joined(separator: "/") }
}
