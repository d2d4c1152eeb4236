import Foundation
import Synchronization

/// The checks every request passes before any route sees it, so the demo server is safe to run
/// on a laptop: a web page the user visits can neither reach it nor drive it.
///
/// - The `Host` must name this server on loopback (`127.0.0.1`, `localhost` or `[::1]`, with its
///   port): a name that resolves to loopback only for an attacker's page (DNS rebinding) is
///   refused.
/// - A request a browser marks as coming from another origin (`Origin`, or
///   `Sec-Fetch-Site: cross-site`) is refused, whatever its content type: a "simple request"
///   needs no preflight to be sent.
/// - `/_admin/…` needs the admin token (`Authorization: Bearer`), apart from the sign-in
///   sessions: a signed-in user is no administrator.
final class RequestGate: Sendable {
    /// The token the admin routes ask for.
    let adminToken: String
    /// The port the server listens on, once it does.
    let port: Mutex<Int?>

    init(adminToken: String) {
        self.adminToken = adminToken
        port = Mutex(nil)
    }

    /// The answer that refuses `request`, or nil when it may go on.
    func refusal(_ request: APIRequest) -> Answer? {
        guard let host = request.header("Host"), isLoopback(host) else {
            return .error("this server answers only to 127.0.0.1 and localhost", status: 421)
        }
        if let origin = request.header("Origin"), !isOwn(origin: origin) {
            return .error("requests from other origins are refused", status: 403)
        }
        if request.header("Sec-Fetch-Site") == "cross-site" {
            return .error("requests from other sites are refused", status: 403)
        }
        if request.parts.first == "_admin", !Self.same(request.header("Authorization"), "Bearer \(adminToken)") {
            return .error(
                "the admin routes need the admin token (Authorization: Bearer)", status: 401,
                headers: ["WWW-Authenticate": #"Bearer realm="strata-admin""#])
        }
        return nil
    }

    /// A new admin token: 256 random bits in hexadecimal.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// Compares every byte whatever the first difference, so timing tells nothing.
    static func same(_ given: String?, _ expected: String) -> Bool {
        let lhs = Array((given ?? "").utf8)
        let rhs = Array(expected.utf8)
        var difference = UInt8(lhs.count == rhs.count ? 0 : 1)
        for index in 0..<max(lhs.count, rhs.count) {
            difference |= (index < lhs.count ? lhs[index] : 0) ^ (index < rhs.count ? rhs[index] : 0)
        }
        return difference == 0
    }
}

// MARK: - Private

extension RequestGate {
    private static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    /// Whether a `Host` header names this server: a loopback name, and this port when it has one.
    private func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        let name: String
        let givenPort: Int?
        if let colon = lowered.lastIndex(of: ":"), !lowered.hasSuffix("]") {
            name = String(lowered[..<colon])
            guard let number = Int(lowered[lowered.index(after: colon)...]) else { return false }
            givenPort = number
        } else {
            name = lowered
            givenPort = nil
        }
        guard Self.loopbackNames.contains(name) else { return false }
        guard let givenPort, let listening = port.withLock({ $0 }) else { return true }
        return givenPort == listening
    }

    /// Whether `origin` is this server's own (`http://127.0.0.1:PORT` and the like).
    ///
    /// A web socket client outside a browser names the socket's scheme (`ws://127.0.0.1`): no page
    /// has such an origin, and its host is checked the same way.
    private func isOwn(origin: String) -> Bool {
        guard let url = URL(string: origin), url.scheme == "http" || url.scheme == "ws", let host = url.host else {
            return false
        }
        let named = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return isLoopback(url.port.map { "\(named):\($0)" } ?? named)
    }
}
