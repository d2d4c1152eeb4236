import DemoBackend
import Foundation
import TestSupport
import Testing

/// Sign-in on the demo server: sessions open with the sample account, writes need one (unless the
/// server is run open), sign-out revokes the token, and a restart keeps the sessions.
@Suite("The demo server's sessions")
struct SessionTests {
    static let ada = #"{"name":"ada","password":"analytical-engine"}"#

    @Test func writesNeedAnOpenSessionAndReadsDoNot() async throws {
        let backend = try DemoBackend()
        let client = ServerClient(baseURL: try await backend.start())
        let refused = try await client.send("POST", "/documents", json: #"{"title":"Anonymous"}"#)
        #expect(refused.status == 401 && refused.headers["www-authenticate"] == #"Bearer realm="strata""#)
        #expect(try await client.send("GET", "/documents/1").status == 200, "reads need no session")
        let batch = try await client.send("POST", "/batch", json: #"{"changes":[]}"#)
        #expect(batch.status == 401)
        #expect(try await client.send("TRACE", "/documents").status == 405, "a method no route takes stays 405")
        let session = try await client.send("POST", "/sessions", json: Self.ada)
        #expect(session.status == 201 && session.object["name"] as? String == "ada")
        let token = try #require(session.object["token"] as? String)
        let bearer = ["Authorization": "Bearer \(token)"]
        let created = try await client.send("POST", "/documents", headers: bearer, json: #"{"title":"Signed"}"#)
        #expect(created.status == 201)
        #expect(try await client.send("GET", "/sessions/current", headers: bearer).object["name"] as? String == "ada")
        #expect(await backend.documentSnapshot().map(\.title).contains("Anonymous") == false)
        // Sign-out revokes the token
        #expect(try await client.send("DELETE", "/sessions/current", headers: bearer).status == 204)
        #expect(try await client.send("POST", "/documents", headers: bearer, json: #"{"title":"Late"}"#).status == 401)
        #expect(try await client.send("DELETE", "/sessions/current", headers: bearer).status == 401)
        await backend.stop()
    }

    @Test(arguments: [
        #"{"name":"ada","password":"difference-engine"}"#, #"{"name":"bob","password":"analytical-engine"}"#,
        #"{"name":"ada","password":""}"#,
    ])
    func aWrongNameOrPasswordIs401(_ body: String) async throws {
        let backend = try DemoBackend()
        let client = ServerClient(baseURL: try await backend.start())
        let answer = try await client.send("POST", "/sessions", json: body)
        #expect(
            answer.status == 401 && answer.object["error"] as? String == "wrong name or password",
            "\(answer.status) \(answer.text)")
        #expect(try await client.send("POST", "/sessions", json: #"{"name":"ada"}"#).status == 400)
        #expect(try await client.send("PUT", "/sessions").status == 405)
        await backend.stop()
    }

    @Test func aSessionOutlivesARestartAndAnOpenServerTakesAnyWrite() async throws {
        let folder = try ScratchFolder()
        var backend = try DemoBackend(data: folder.url)
        var client = ServerClient(baseURL: try await backend.start())
        let token = try #require(try await client.send("POST", "/sessions", json: Self.ada).object["token"] as? String)
        await backend.stop()
        backend = try DemoBackend(data: folder.url)
        client = ServerClient(baseURL: try await backend.start())
        let created = try await client.send(
            "POST", "/documents", headers: ["Authorization": "Bearer \(token)"], json: #"{"title":"After"}"#)
        #expect(created.status == 201)
        await backend.stop()
        let open = try DemoBackend(signIn: .open)
        let openClient = ServerClient(baseURL: try await open.start())
        #expect(try await openClient.send("POST", "/documents", json: #"{"title":"Open"}"#).status == 201)
        await open.stop()
    }
}
