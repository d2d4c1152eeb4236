/// The path a fault is aimed at, such as `/documents` or `/documents/2`: it covers a request to
/// that path or to any path under it.
public struct RequestPath: Sendable, Equatable, CustomStringConvertible {
    /// The path, beginning with `/`, without a trailing `/`.
    public let description: String

    /// Reads `text`; refuses one that is not an absolute path, or that holds a query, a fragment
    /// or white space.
    public init(_ text: String) throws(DemoBackendError) {
        let refused =
            text.utf8.count > 1000 || !text.hasPrefix("/") || text.contains("//")
            || text.unicodeScalars.contains {
                "?#".unicodeScalars.contains($0) || $0.properties.isWhitespace
                    || $0.properties.generalCategory == .control
            }
        guard !refused else {
            throw .rejected(422, "the path must be a request path such as /documents/2, not '\(text)'")
        }
        description = text.count > 1 && text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// Whether a request to `path` is to this path or under it.
    func covers(_ path: String) -> Bool {
        description == "/" || path == description || path.hasPrefix(description + "/")
    }
}
