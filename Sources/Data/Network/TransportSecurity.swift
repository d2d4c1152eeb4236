public import Foundation

/// App Transport Security for Linux: HTTPS only, except for hosts explicitly listed (as iOS does,
/// so a development exception cannot slip into a release by accident).
///
/// There is no switch for arbitrary loads: every plain-HTTP host must be named.
public struct TransportSecurity: Sendable, Equatable {
    /// Hosts that may be reached over plain HTTP.
    public private(set) var httpExceptions: Set<String>
    /// Whether every loopback address (127.0.0.0/8, ::1, localhost) is an exception.
    public let allowsLoopback: Bool

    /// A policy with these exceptions (host names compare case-insensitively).
    public init(httpExceptions: Set<String> = [], allowsLoopback: Bool = false) {
        self.httpExceptions = Set(httpExceptions.map { $0.lowercased() })
        self.allowsLoopback = allowsLoopback
    }

    /// The development configuration: loopback is an exception.
    public static let development = TransportSecurity(allowsLoopback: true)

    /// The production configuration: no exceptions at all.
    public static let production = TransportSecurity()

    /// This policy plus one more exception.
    public func allowingHTTP(to host: String) -> TransportSecurity {
        var copy = self
        copy.httpExceptions.insert(host.lowercased())
        return copy
    }

    /// Why `url` may not be requested, or `nil` when it may.
    public func violation(for url: URL) -> RemoteError? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
            return .invalidData("not an absolute URL: \(url.absoluteString)")
        }
        if scheme == "https" { return nil }
        guard scheme == "http" else { return .invalidData("unsupported URL scheme '\(scheme)'") }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if httpExceptions.contains(bare) { return nil }
        if allowsLoopback && Self.isLoopback(bare) { return nil }
        return .insecureURL(host: bare)
    }

    /// Whether `host` is a loopback address: 127.0.0.0/8, ::1 or localhost.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.first == "127" else { return false }
        return parts.allSatisfy { part in UInt8(part).map { String($0) == part } ?? false }
    }
}
