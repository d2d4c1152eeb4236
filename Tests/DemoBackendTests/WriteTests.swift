import DemoBackend
import Foundation
import TestSupport
import Testing

/// Writes apply once: idempotency keys, preconditions and batches.
@Suite("The demo server's writes")
struct WriteTests {
    let backend: DemoBackend
    let client: ServerClient

    init() async throws {
        backend = try DemoBackend(signIn: .open)
        client = ServerClient(baseURL: try await backend.start())
    }

    @Test func aResentWriteGetsItsFirstAnswerAndChangesNothing() async throws {
        let headers = ["Idempotency-Key": "k-1"]
        let first = try await client.send("POST", "/documents", headers: headers, json: #"{"title":"Once"}"#)
        let again = try await client.send("POST", "/documents", headers: headers, json: #"{"title":"Once"}"#)
        #expect(first.status == 201 && again.status == 201 && again.body == first.body)
        #expect(await backend.documentSnapshot().filter { $0.title == "Once" }.count == 1)
    }

    @Test func aKeyReusedForAnotherRequestIs422AndChangesNothing() async throws {
        let headers = ["Idempotency-Key": "k-2"]
        _ = try await client.send("POST", "/documents", headers: headers, json: #"{"title":"First"}"#)
        let reused = try await client.send("POST", "/documents", headers: headers, json: #"{"title":"Second"}"#)
        #expect(reused.status == 422)
        #expect(reused.object["error"] as? String == "the Idempotency-Key k-2 was used for another request")
        #expect(await backend.documentSnapshot().map(\.title).contains("Second") == false)
    }

    @Test func aBatchWithOneInvalidChangeAppliesTheOthersOnceEvenWhenResent() async throws {
        let batch = #"""
            {"changes":[
              {"method":"PUT","path":"/documents/1","idempotencyKey":"b-1","ifMatch":"\"d1-v1\"","body":{"body":"edited"}},
              {"method":"POST","path":"/documents","idempotencyKey":"b-2","body":{"title":"   "}},
              {"method":"POST","path":"/documents","idempotencyKey":"b-3","body":{"title":"Batched"}},
              {"method":"DELETE","path":"/documents/3","idempotencyKey":"b-4","ifMatch":"\"d3-v9\""}
            ]}
            """#
        let first = try await client.send("POST", "/batch", json: batch)
        let results = try #require(first.object["results"] as? [[String: Any]])
        #expect(results.map { $0["status"] as? Int } == [200, 422, 201, 412])
        #expect(results[1]["body"].flatMap { ($0 as? [String: Any])?["error"] as? String } == "title is required")
        #expect(results[2]["location"] as? String == "/documents/4")
        let resent = try await client.send("POST", "/batch", json: batch)
        #expect(resent.body == first.body)
        let documents = await backend.documentSnapshot()
        #expect(documents.map(\.id) == [1, 2, 3, 4])
        #expect(documents[0].body == "edited" && documents[0].version == 2)
    }

    /// Changes run without a savepoint each, so a change the server refuses must be refused before
    /// it writes anything: not a document, nor a version or an id drawn from a sequence.
    @Test func aRefusedChangeInABatchLeavesNothingBehind() async throws {
        let before = try await client.send("GET", "/documents?since=0&full=1")
        let batch = #"""
            {"changes":[
              {"method":"PUT","path":"/documents/1","ifMatch":"\"d1-v9\"","body":{"body":"stale"}},
              {"method":"PUT","path":"/documents/2","body":{"title":"   "}},
              {"method":"PUT","path":"/documents/9","body":{"body":"missing"}},
              {"method":"DELETE","path":"/documents/3","ifMatch":"\"d3-v9\""},
              {"method":"DELETE","path":"/documents/9"},
              {"method":"POST","path":"/documents","body":{"title":"ok","colour":"red"}}
            ]}
            """#
        let reply = try await client.send("POST", "/batch", json: batch)
        let results = try #require(reply.object["results"] as? [[String: Any]])
        #expect(results.map { $0["status"] as? Int } == [412, 422, 404, 412, 404, 422])
        let after = try await client.send("GET", "/documents?since=0&full=1")
        #expect(after.object["serverVersion"] as? Int == before.object["serverVersion"] as? Int)
        #expect(after.body == before.body)
        let created = try await client.send("POST", "/documents", json: #"{"title":"Next"}"#)
        #expect(created.headers["location"] == "/documents/4", "a refused create drew an id")
    }

    /// A batch draws its ids and change numbers in memory and writes the last ones back at the
    /// end: each change gets the next number, and the request after the batch goes on from there.
    @Test func aBatchDrawsIdsAndChangeNumbersInOrderAndTheNextWriteGoesOn() async throws {
        let before = try #require(try await client.send("GET", "/documents?since=0").object["serverVersion"] as? Int)
        let batch = #"""
            {"changes":[
              {"method":"POST","path":"/documents","body":{"title":"A"}},
              {"method":"POST","path":"/documents","body":{"title":"B"}},
              {"method":"PUT","path":"/documents/1","body":{"body":"edited"}},
              {"method":"DELETE","path":"/documents/2"},
              {"method":"POST","path":"/documents","body":{"title":"C"}}
            ]}
            """#
        let reply = try await client.send("POST", "/batch", json: batch)
        let results = try #require(reply.object["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["location"] as? String } == ["/documents/4", "/documents/5", "/documents/6"])
        #expect(results[3]["status"] as? Int == 204 && results[3]["body"] == nil, "a deletion has no body, not null")
        #expect(results[0]["body"] is [String: Any])
        let after = try await client.send("GET", "/documents?since=\(before)")
        #expect(after.object["serverVersion"] as? Int == before + 5, "one change number per applied change")
        let next = try await client.send("POST", "/documents", json: #"{"title":"D"}"#)
        #expect(next.headers["location"] == "/documents/7")
        let last = try await client.send("GET", "/documents?since=\(before + 5)")
        #expect(last.object["serverVersion"] as? Int == before + 6)
        #expect((last.object["items"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [7])
    }

    @Test func aMalformedBatchIsRefusedWhole() async throws {
        let batch =
            #"{"changes":[{"method":"POST","path":"/documents","body":{"title":"ok"}},{"method":"PATCH","path":"/x"}]}"#
        let reply = try await client.send("POST", "/batch", json: batch)
        #expect(reply.status == 400)
        #expect(await backend.documentSnapshot().count == 3)
    }

    @Test(arguments: [
        #"{"changes":[{"method":"POST","path":"/documents","body":{"title":"ok"}}],"extra":1}"#,
        #"{"changes":{"method":"POST"}}"#, #"[]"#, #"{}"#,
    ])
    func aBatchThatIsNotJustAListOfChangesIsRefusedWhole(_ batch: String) async throws {
        let reply = try await client.send("POST", "/batch", json: batch)
        #expect(reply.status == 400)
        #expect(await backend.documentSnapshot().count == 3)
    }

    @Test func aClientThatDisconnectsMidBatchChangesNothing() async throws {
        let body = #"{"changes":[{"method":"POST","path":"/documents","body":{"title":"half"}}]}"#
        let port = try #require(client.baseURL.port)
        // Headers that promise the whole body, half of it, then the connection closes.
        let head =
            "POST /batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        try RawSocket.send(Data((head + body.prefix(body.count / 2)).utf8), toPort: UInt16(port))
        try await Task.sleep(for: .milliseconds(200))
        #expect(await backend.documentSnapshot().count == 3)
        #expect(try await client.send("GET", "/documents/1").status == 200)
    }

    @Test func aContentRuleBreakIs422WhicheverVersionTheChangeNames() async throws {
        let reply = try await client.send(
            "PUT", "/documents/1", headers: ["If-Match": #""d1-v7""#], json: #"{"tags":["two words"]}"#)
        #expect(reply.status == 422)
        let stale = try await client.send(
            "PUT", "/documents/1", headers: ["If-Match": #""d1-v7""#], json: #"{"tags":["ok"]}"#)
        #expect(stale.status == 412)
    }

    /// Tags are a set, as the contract's `uniqueItems` says: the same tag twice is refused, and
    /// nothing changes.
    @Test func aTagGivenTwiceIs422() async throws {
        let before = await backend.documentSnapshot().map { "\($0)" }
        let reply = try await client.send(
            "PUT", "/documents/1", headers: ["If-Match": #""d1-v1""#], json: #"{"tags":["home","home"]}"#)
        #expect(reply.status == 422 && reply.object["error"] as? String == "tags has the item 'home' twice")
        #expect(await backend.documentSnapshot().map { "\($0)" } == before, "nothing changed")
    }

    /// A device would keep a text holding U+0000 cut short at it (SQLite's C interface), so no
    /// collection takes one, in a text or a list of words, new or changed.
    @Test(arguments: [
        ("POST", "/documents", #"{"title":"cut\u0000short"}"#, "title must not contain U+0000"),
        ("POST", "/documents", #"{"title":"t","body":"\u0000"}"#, "body must not contain U+0000"),
        ("PUT", "/documents/1", #"{"tags":["a\u0000b"]}"#, "tags must not contain U+0000"),
    ])
    func aTextHoldingUPlus0000IsRefused(method: String, path: String, json: String, reason: String) async throws {
        let before = await backend.documentSnapshot().map { "\($0)" }
        let reply = try await client.send(method, path, headers: ["If-Match": #""d1-v1""#], json: json)
        #expect(reply.status == 422 && reply.object["error"] as? String == reason)
        #expect(await backend.documentSnapshot().map { "\($0)" } == before, "nothing changed")
    }

    @Test func theControlsWorkFromAnotherProcessThroughTheAdminRoutes() async throws {
        let admin = DemoBackendAdmin(baseURL: client.baseURL, token: backend.adminToken)
        try await admin.injectStatus(503, count: 1, retryAfter: "2", path: nil)
        let refused = try await client.send("GET", "/documents/1")
        #expect(refused.status == 503 && refused.headers["retry-after"] == "2")
        try await admin.editElsewhere("documents", id: 2, fields: #"{"body":"from elsewhere"}"#)
        #expect(await backend.documentSnapshot()[1].body == "from elsewhere")
        #expect(await backend.documentSnapshot()[1].version == 2)
        await #expect(throws: DemoBackendError.rejected(404, "document 99 not found")) {
            try await admin.editElsewhere("documents", id: 99, fields: #"{"body":"nobody"}"#)
        }
        let status = try await admin.status()
        #expect(status.requests == 1 && status.documents == 3 && status.isRunning)
        try await admin.reset()
        #expect(await backend.documentSnapshot()[1].body.hasPrefix("Domain imports"))
    }

    /// A fault aimed at a path waits for a request to that path or under it; requests elsewhere
    /// (those an app makes on its own) pass untouched, in this process and through the admin routes.
    @Test(arguments: [false, true])
    func aFaultAimedAtAPathWaitsForARequestToIt(remote: Bool) async throws {
        let controls: any DemoServerControls =
            remote ? DemoBackendAdmin(baseURL: client.baseURL, token: backend.adminToken) : backend
        try await controls.injectStatus(503, count: 1, retryAfter: nil, path: try RequestPath("/documents/2"))
        try await controls.inject(.malformed, count: 1, path: try RequestPath("/users/"))
        #expect(try await client.send("GET", "/documents/1").status == 200)
        #expect(try await client.send("GET", "/documents").status == 200)
        #expect(try await client.send("GET", "/documents/2").status == 503)
        #expect(try await client.send("GET", "/documents/2").status == 200, "the fault was taken once")
        #expect(try await controls.status().pendingMalformed == 1)
        let user = try await client.send("GET", "/users/1")
        #expect(user.status == 200 && (try? JSONSerialization.jsonObject(with: user.body)) == nil, "spoiled")
        #expect(try await controls.status().pendingMalformed == 0)
    }

    @Test(arguments: ["documents", "/documents?limit=1", "/a b", "/a\u{1}b", "", "//documents"])
    func aPathThatIsNotARequestPathIsRefused(text: String) async throws {
        #expect(throws: DemoBackendError.self) { try RequestPath(text) }
        let reply = try await client.send(
            "POST", "/_admin/faults", headers: ["Authorization": "Bearer \(backend.adminToken)"],
            json: String(
                decoding: try JSONSerialization.data(withJSONObject: ["status": 503, "path": text]), as: UTF8.self))
        #expect(reply.status == 422, "\(reply.object)")
        #expect(
            try await DemoBackendAdmin(baseURL: client.baseURL, token: backend.adminToken).status().pendingStatusFaults
                == 0)
    }

    /// `server edit` reaches the server in this process and in another the same way: what it
    /// refuses says why, and changes nothing.
    @Test(arguments: [false, true])
    func anEditElsewhereIsRefusedWhenItDoesNotFit(remote: Bool) async throws {
        let controls: any DemoServerControls =
            remote ? DemoBackendAdmin(baseURL: client.baseURL, token: backend.adminToken) : backend
        let before = await backend.documentSnapshot().map { "\($0)" }
        for fields in ["[1]", "{}", "not json", ""] {
            await #expect(
                throws: DemoBackendError.rejected(
                    400, #"the fields must be a JSON object with at least one member, such as {"body":"text"}"#)
            ) {
                try await controls.editElsewhere("documents", id: 2, fields: fields)
            }
        }
        await #expect(throws: DemoBackendError.rejected(404, "no collection teapots")) {
            try await controls.editElsewhere("teapots", id: 2, fields: #"{"body":"x"}"#)
        }
        await #expect {
            try await controls.editElsewhere("documents", id: 2, fields: #"{"title":"a\u0000b"}"#)
        } throws: { error in
            if case DemoBackendError.rejected(422, _) = error { true } else { false }
        }
        #expect(await backend.documentSnapshot().map { "\($0)" } == before, "nothing changed")
    }

    @Test(.timeLimit(.minutes(1))) func theControlsSayAtOnceWhyAServerThatIsGoneGaveNoAnswer() async throws {
        // Given a server that stopped after it started
        let server = try DemoBackend(collections: DemoSeed.collections, signIn: .open)
        let url = try await server.start()
        await server.stop()
        // When the controls ask it, then the line gives the system's reason, not the client's dump,
        // at once rather than by connecting again until the request's deadline (5 minutes here)
        await #expect(
            throws: DemoBackendError.remote("cannot reach the server at \(url.absoluteString): Connection refused")
        ) {
            try await DemoBackendAdmin(baseURL: url, token: nil, timeout: 300).status()
        }
    }

    @Test func aCollectionsRulesBoundNumbersListTheTextsItTakesAndTakeOnlyRealDates() async throws {
        let expenses = CollectionSpec(
            name: "expenses", tagPrefix: "e",
            fields: [
                .init("priority", .integerIn(0...3), required: true, inSummary: true),
                .init("amount", .numberIn(0...10_000), required: true, inSummary: true),
                .init("category", .oneOf(["food", "travel", "other"]), required: true, inSummary: true),
                .init("spentOn", .date, required: false, inSummary: true),
            ])
        let server = try DemoBackend(collections: DemoSeed.collections + [expenses], signIn: .open)
        let client = ServerClient(baseURL: try await server.start())
        let refusals = [
            (#"{"priority":4,"amount":1,"category":"food"}"#, "priority must be a whole number from 0 to 3"),
            (#"{"priority":1.5,"amount":1,"category":"food"}"#, "priority must be a whole number from 0 to 3"),
            (#"{"priority":1,"amount":-0.01,"category":"food"}"#, "amount must be from 0 to 10000"),
            (#"{"priority":1,"amount":10000.000000000000000001,"category":"food"}"#, "amount must be from 0 to 10000"),
            (
                #"{"priority":9223372036854775808,"amount":1,"category":"food"}"#,
                "priority must be a whole number from 0 to 3"
            ),
            (#"{"priority":1,"amount":1,"category":"fun"}"#, "category must be one of food, travel, other"),
            (#"{"priority":1,"amount":1,"category":3}"#, "category has the wrong type"),
            (
                #"{"priority":1,"amount":1,"category":"food","spentOn":"2026-02-30T00:00:00Z"}"#,
                "spentOn must be a date"
            ),
            (#"{"priority":1,"amount":1,"category":"food","spentOn":"2026-1-1T00:00:00Z"}"#, "spentOn must be a date"),
            (
                #"{"priority":1,"amount":1,"category":"food","spentOn":"2026-01-01T25:00:00Z"}"#,
                "spentOn must be a date"
            ),
            (
                #"{"priority":1,"amount":1,"category":"food","spentOn":"2026-01-01T09:00:00Zjunk"}"#,
                "spentOn must be a date"
            ),
            (#"{"priority":1,"amount":1,"category":"food","spentOn":"2026-01-01"}"#, "spentOn must be a date"),
            (
                #"{"priority":1,"amount":1,"category":"food","spentOn":"2026-01-01T09:00:00.Z"}"#,
                "spentOn must be a date"
            ),
            (
                #"{"priority":1,"amount":1,"category":"food","spentOn":"2026-01-01T09:00:00+24:00"}"#,
                "spentOn must be a date"
            ),
        ]
        for (body, reason) in refusals {
            let refused = try await client.send("POST", "/expenses", json: body)
            #expect(refused.status == 422 && refused.object["error"] as? String == reason, "\(body)")
        }
        let taken = try await client.send(
            "POST", "/expenses", json: #"{"priority":3,"amount":12.5,"category":"travel"}"#)
        #expect(taken.status == 201)
        let dated = try await client.send(
            "POST", "/expenses",
            json: #"{"priority":3,"amount":1,"category":"food","spentOn":"2024-02-29T23:59:59.5+02:00"}"#)
        #expect(dated.status == 201, "a leap day with fractions of a second and an offset is a date")
        let farEast = try await client.send(
            "POST", "/expenses",
            json: #"{"priority":3,"amount":1,"category":"food","spentOn":"2026-01-01T00:10:00+23:59"}"#)
        #expect(farEast.status == 201, "RFC 3339 takes any offset under a day")
        let listed = try await client.send("GET", "/expenses")
        #expect((listed.object["items"] as? [Any])?.count == 3, "the refused ones changed nothing")
        await server.stop()
    }

    /// A Decimal field's amount and a 64-bit integer come back with every digit they were sent
    /// with, after a write, an update of another field and a read (a `Double` kept 16 of them).
    @Test func numbersComeBackWithEveryDigit() async throws {
        let ledger = CollectionSpec(
            name: "ledger", tagPrefix: "l",
            fields: [
                .init("amount", .number, required: true, inSummary: true),
                .init("count", .integer, required: true, inSummary: true),
                .init("note", .string(maxLength: 20), optional: true, inSummary: true),
            ])
        let server = try DemoBackend(collections: DemoSeed.collections + [ledger], signIn: .open)
        let client = ServerClient(baseURL: try await server.start())
        let created = try await client.send(
            "POST", "/ledger", json: #"{"amount":12345678901234567.891234,"count":9007199254740993}"#)
        #expect(created.status == 201)
        let tag = try #require(created.headers["etag"])
        let updated = try await client.send("PUT", "/ledger/1", headers: ["If-Match": tag], json: #"{"note":"later"}"#)
        #expect(updated.status == 200)
        let read = try await client.send("GET", "/ledger/1")
        #expect(read.text.contains(#""amount":12345678901234567.891234"#), "\(read.text)")
        #expect(read.text.contains(#""count":9007199254740993"#), "\(read.text)")
        let tooBig = try await client.send("POST", "/ledger", json: #"{"amount":1,"count":1e20}"#)
        #expect(
            tooBig.status == 422
                && tooBig.object["error"] as? String == "count must be a whole number that fits in 64 bits")
        await server.stop()
    }
}
