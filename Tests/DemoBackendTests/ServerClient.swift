import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A bare HTTP client for the server tests: what went over the wire, nothing interpreted.
struct ServerClient {
    let baseURL: URL

    struct Failure: Error {
        let message: String
    }

    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: Data

        var text: String { String(decoding: body, as: UTF8.self) }

        /// The body as a JSON object.
        var object: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    func send(_ method: String, _ path: String, headers: [String: String] = [:], json: String? = nil) async throws
        -> Reply
    {
        var headers = headers
        if json != nil { headers["Content-Type"] = "application/json" }
        return try await send(method, path, headers: headers, body: json.map { Data($0.utf8) })
    }

    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: Data?) async throws -> Reply {
        guard let url = URL(string: baseURL.absoluteString + path) else { throw Failure(message: "bad path \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw Failure(message: "not HTTP") }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields["\(name)".lowercased()] = "\(value)" }
        return Reply(status: http.statusCode, headers: fields, body: data)
    }
}
