import DemoBackend
import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

/// The demo server is safe to run on a laptop: web pages cannot drive it, the admin routes need
/// their token, sign-ins are limited, sessions expire and are kept as digests, and a request too
/// large is refused before it is read.
@Suite("The demo server under hostile input")
struct HostileInputTests {
    static let ada = #"{"name":"ada","password":"analytical-engine"}"#

    /// A clock the test moves.
    final class Clock: Sendable {
        let seconds = Mutex<TimeInterval>(1_767_344_400)
        var now: @Sendable () -> Date { { [self] in Date(timeIntervalSince1970: seconds.withLock { $0 }) } }
        func advance(_ by: TimeInterval) { seconds.withLock { $0 += by } }
    }

    @Test func theAdminRoutesNeedTheAdminToken() async throws {
        let backend = try DemoBackend(signIn: .open)
        let client = ServerClient(baseURL: try await backend.start())
        let body = #"{"status":503}"#
        #expect(try await client.send("POST", "/_admin/faults", json: body).status == 401)
        let session = try await client.send("POST", "/sessions", json: Self.ada)
        let token = try #require(session.object["token"] as? String)
        let asUser = try await client.send(
            "POST", "/_admin/faults", headers: ["Authorization": "Bearer \(token)"], json: body)
        #expect(asUser.status == 401, "a signed-in user is no administrator")
        #expect(try await client.send("GET", "/documents/1").status == 200, "no fault was injected")
        let admin = ["Authorization": "Bearer \(backend.adminToken)"]
        #expect(try await client.send("POST", "/_admin/faults", headers: admin, json: body).status == 204)
        #expect(try await client.send("GET", "/documents/1").status == 503)
    }

    @Test func aPageOfAnotherOriginCannotChangeAnything() async throws {
        let backend = try DemoBackend(signIn: .open)
        let url = try await backend.start()
        let client = ServerClient(baseURL: url)
        // A "simple request" a web page can send without a preflight
        let simple = [
            "Content-Type": "text/plain", "Origin": "http://evil.example",
            "Authorization": "Bearer \(backend.adminToken)",
        ]
        let edit = try await client.send(
            "POST", "/_admin/edit/documents/1", headers: simple, body: Data(#"{"title":"x"}"#.utf8))
        #expect(edit.status == 403)
        let write = try await client.send(
            "PUT", "/documents/1", headers: ["Origin": "http://evil.example", "Content-Type": "application/json"],
            body: Data(#"{"title":"x"}"#.utf8))
        #expect(write.status == 403)
        #expect(await backend.documentSnapshot().first { $0.id == 1 }?.title == "Welcome to Strata")
        let own = try await client.send("GET", "/documents/1", headers: ["Origin": "http://127.0.0.1:\(url.port ?? 0)"])
        #expect(own.status == 200, "the server's own origin is welcome")
        // A web socket client outside a browser names the socket's scheme and this host
        let socket = try await client.send("GET", "/documents/1", headers: ["Origin": "ws://127.0.0.1"])
        #expect(socket.status == 200)
        let otherSocket = try await client.send("PUT", "/documents/1", headers: ["Origin": "ws://evil.example"])
        #expect(otherSocket.status == 403)
    }

    /// A body is read as JSON only when it says it is: a JSON body sent as `text/plain` (what a
    /// web page may send anywhere) or with no type is refused, and nothing changes.
    @Test func aBodyThatDoesNotSayItIsJSONIsRefused() async throws {
        let backend = try DemoBackend(signIn: .open)
        let client = ServerClient(baseURL: try await backend.start())
        let edit = Data(#"{"title":"Plain"}"#.utf8)
        let plain = try await client.send("PUT", "/documents/1", headers: ["Content-Type": "text/plain"], body: edit)
        #expect(plain.status == 415, "\(plain.text)")
        #expect(plain.text.contains("expected a JSON body (Content-Type: application/json), got 'text/plain'"))
        let signIn = try await client.send(
            "POST", "/sessions", headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(Self.ada.utf8))
        #expect(signIn.status == 415)
        let untyped =
            "POST /documents HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 17\r\nConnection: close\r\n\r\n"
            + #"{"title":"Plain"}"#
        let port = UInt16(try #require(await backend.baseURL?.port))
        let refused = try await RawSocket.exchange(Data(untyped.utf8), toPort: port)
        #expect(refused.text.hasPrefix("HTTP/1.1 415") && refused.text.contains("got none"), "\(refused.text)")
        #expect(await backend.documentSnapshot().count == 3, "no document was created")
        #expect(await backend.documentSnapshot().first { $0.id == 1 }?.title == "Welcome to Strata")
        let typed = try await client.send(
            "PUT", "/documents/1", headers: ["Content-Type": "Application/JSON; charset=utf-8"], body: edit)
        #expect(typed.status == 200, "\(typed.text)")
        #expect(await backend.documentSnapshot().first { $0.id == 1 }?.title == "Plain")
    }

    @Test(arguments: ["evil.example", "evil.example:80", "127.0.0.1.evil.example", "localhost:1"])
    func aHostThatIsNotThisServerIsRefused(host: String) async throws {
        let backend = try DemoBackend(signIn: .open)
        let port = UInt16(try await backend.start().port ?? 0)
        let request = "GET /documents/1 HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
        let refused = try await RawSocket.exchange(Data(request.utf8), toPort: port)
        #expect(refused.text.hasPrefix("HTTP/1.1 421"), "\(refused.text)")
        let own = "GET /documents/1 HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n"
        #expect(try await RawSocket.exchange(Data(own.utf8), toPort: port).text.hasPrefix("HTTP/1.1 200"))
    }

    @Test func failedSignInsAreLimitedPerAccountThenAllowedAgain() async throws {
        let clock = Clock()
        let backend = try DemoBackend(now: clock.now)
        let client = ServerClient(baseURL: try await backend.start())
        for _ in 0..<5 {
            let wrong = try await client.send("POST", "/sessions", json: #"{"name":"ada","password":"guess"}"#)
            #expect(wrong.status == 401)
        }
        // The right password too waits now
        let limited = try await client.send("POST", "/sessions", json: Self.ada)
        #expect(limited.status == 429 && limited.headers["retry-after"] == "60", "\(limited.text)")
        clock.advance(61)
        #expect(try await client.send("POST", "/sessions", json: Self.ada).status == 201)
    }

    @Test func sessionsExpireAndOnlyTheirDigestsAreKept() async throws {
        let clock = Clock()
        let folder = try ScratchFolder()
        let data = folder.url.appendingPathComponent("server")
        let backend = try DemoBackend(data: data, now: clock.now, sessionLifetime: 3_600)
        let client = ServerClient(baseURL: try await backend.start())
        let token = try #require(try await client.send("POST", "/sessions", json: Self.ada).object["token"] as? String)
        let bearer = ["Authorization": "Bearer \(token)"]
        #expect(try await client.send("GET", "/sessions/current", headers: bearer).status == 200)
        // The database file is the owner's alone, and holds no token a copy could use
        let file = data.appendingPathComponent("server.sqlite")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let stored = try await DatabaseQueue(path: file.path).read { db in
            try String.fetchAll(db, sql: "SELECT token_digest FROM session")
        }
        #expect(stored.count == 1 && !stored.contains(token) && stored.first?.count == 64)
        clock.advance(3_601)
        #expect(try await client.send("GET", "/sessions/current", headers: bearer).status == 401)
    }

    @Test func aHeaderLineOfAMegabyteIsRefusedAtOnceAndOthersAreAnswered() async throws {
        let backend = try DemoBackend(signIn: .open)
        let port = UInt16(try await backend.start().port ?? 0)
        let long =
            "GET /documents/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: \(String(repeating: "a", count: 1 << 20))\r\n\r\n"
        let refused = try await RawSocket.exchange(Data(long.utf8), toPort: port)
        #expect(refused.text.hasPrefix("HTTP/1.1 431"), "\(refused.text.prefix(200))")
        let target = "GET /documents/\(String(repeating: "1", count: 1 << 20)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        #expect(try await RawSocket.exchange(Data(target.utf8), toPort: port).text.hasPrefix("HTTP/1.1 431"))
        let client = ServerClient(baseURL: try #require(await backend.baseURL))
        #expect(try await client.send("GET", "/documents/1").status == 200)
    }

    @Test func aWriteWithoutASessionIsRefusedBeforeItsBodyIsRead() async throws {
        let backend = try DemoBackend()
        let port = UInt16(try await backend.start().port ?? 0)
        // A chunked body that has barely begun (it would go on for 500 MB)
        let head =
            "POST /documents HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n" + "10000\r\n" + String(repeating: " ", count: 0x10000) + "\r\n"
        // When the client stops sending, then the refusal comes all the same: the server did not wait
        // for the rest of the body (it would until its 60 s idle limit; the read gives up at 30 s)
        let refused = try await RawSocket.exchange(Data(head.utf8), toPort: port, seconds: 30, headOnly: true)
        #expect(refused.text.hasPrefix("HTTP/1.1 401"), "\(refused.text.prefix(200))")
        #expect(refused.text.lowercased().contains("connection: close"))
    }
}
