import DemoBackend
import Foundation
import TestSupport
import Testing

/// `/documents/{id}/attachments`: multipart uploads stored beside the database, listed and
/// downloaded, once per idempotency key.
@Suite("The demo server's attachments")
struct AttachmentTests {
    static let boundary = "test-boundary-7e1f"

    /// A multipart/form-data body written out by hand, as any client could send it.
    static func form(document: String?, name: String?, file: Data?, boundary: String = boundary) -> Data {
        var body = Data()
        func part(_ disposition: String, _ content: Data, type: String? = nil) {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; \(disposition)\r\n".utf8)
            if let type { body += Data("Content-Type: \(type)\r\n".utf8) }
            body += Data("\r\n".utf8) + content + Data("\r\n".utf8)
        }
        if let document { part(#"name="document""#, Data(document.utf8)) }
        if let name { part(#"name="name""#, Data(name.utf8)) }
        if let file { part(#"name="file"; filename="upload""#, file, type: "application/octet-stream") }
        body += Data("--\(boundary)--\r\n".utf8)
        return body
    }

    static let headers = ["Content-Type": "multipart/form-data; boundary=\(boundary)"]
    /// Bytes with carriage returns, line feeds and boundary-like dashes in them.
    static let bytes = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 31) } + Array("\r\n--test-bou".utf8))

    @Test func anUploadIsStoredListedAndDownloadedByteForByte() async throws {
        let backend = try DemoBackend(signIn: .open)
        let client = ServerClient(baseURL: try await backend.start())
        let upload = Self.form(document: "1", name: "plan.bin", file: Self.bytes)
        let stored = try await client.send("POST", "/documents/1/attachments", headers: Self.headers, body: upload)
        #expect(stored.status == 201, "\(stored.text)")
        #expect(stored.object["name"] as? String == "plan.bin" && stored.object["size"] as? Int == Self.bytes.count)
        let list = try await client.send("GET", "/documents/1/attachments")
        #expect((list.object["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["plan.bin"])
        let file = try await client.send("GET", "/documents/1/attachments/plan.bin")
        #expect(file.status == 200 && file.body == Self.bytes)
        #expect(file.headers["content-type"] == "application/octet-stream")
    }

    @Test func theSameKeyStoresOnceAndAnotherBodyUnderItIsRefused() async throws {
        let backend = try DemoBackend(signIn: .open)
        let client = ServerClient(baseURL: try await backend.start())
        let headers = Self.headers.merging(["Idempotency-Key": "k-1"]) { first, _ in first }
        let upload = Self.form(document: "1", name: "a.bin", file: Self.bytes)
        let first = try await client.send("POST", "/documents/1/attachments", headers: headers, body: upload)
        let again = try await client.send("POST", "/documents/1/attachments", headers: headers, body: upload)
        #expect(first.status == 201 && again.status == 201 && again.body == first.body)
        let other = Self.form(document: "1", name: "a.bin", file: Data("other".utf8))
        let refused = try await client.send("POST", "/documents/1/attachments", headers: headers, body: other)
        #expect(refused.status == 422)
        let withoutKey = try await client.send("POST", "/documents/1/attachments", headers: Self.headers, body: upload)
        #expect(withoutKey.status == 409)  // a second upload of the name, not a resend
        let list = try await client.send("GET", "/documents/1/attachments")
        #expect((list.object["items"] as? [Any])?.count == 1)
    }

    @Test(
        "A malformed upload is refused and stores nothing",
        arguments: [
            (form(document: "1", name: "../evil", file: bytes), headers, 422),
            (form(document: "1", name: ".hidden", file: bytes), headers, 422),
            (form(document: "1", name: "a/b", file: bytes), headers, 422),
            // A mark after the `/` or the dot makes one character of them; the name still has them.
            (form(document: "1", name: "a/\u{301}b", file: bytes), headers, 422),
            (form(document: "1", name: ".\u{301}hidden", file: bytes), headers, 422),
            (form(document: "2", name: "a.bin", file: bytes), headers, 422),
            (form(document: "1", name: nil, file: bytes), headers, 422),
            (form(document: "1", name: "a.bin", file: nil), headers, 422),
            (form(document: "1", name: "a.bin", file: bytes), ["Content-Type": "application/json"], 415),
            (form(document: "1", name: "a.bin", file: bytes), ["Content-Type": "multipart/form-data"], 415),
            (Data("no parts at all".utf8), headers, 422),
            // MultipartKit 4.7.1 trapped on a byte above 0x7F in a header name: the server died.
            (Data("--\(boundary)\r\n\u{DD}: x\r\n\r\nv\r\n--\(boundary)--\r\n".utf8), headers, 400),
            (form(document: "1", name: "a.bin", file: bytes), ["Content-Type": "multipart/form-data; boundary=é"], 415),
        ])
    func malformedUploads(body: Data, headers: [String: String], status: Int) async throws {
        let backend = try DemoBackend(signIn: .open)
        let client = ServerClient(baseURL: try await backend.start())
        let reply = try await client.send("POST", "/documents/1/attachments", headers: headers, body: body)
        #expect(reply.status == status && reply.object["error"] is String, "\(reply.text)")
        let list = try await client.send("GET", "/documents/1/attachments")
        #expect((list.object["items"] as? [Any])?.isEmpty == true)
    }

    /// Bytes above 0x7F are taken where the format allows them: in a header's value and in any
    /// part's content.
    @Test func textBeyondASCIIInAHeaderValueAndAFieldIsStored() async throws {
        let backend = try DemoBackend(signIn: .open)
        let client = ServerClient(baseURL: try await backend.start())
        var upload = Data(
            "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"note\"; filename=\"é.txt\"\r\n".utf8)
        upload += Data("\r\nünï\r\n".utf8)
        upload += Self.form(document: "1", name: "plän.bin", file: Data("é\u{FF}".utf8))
        let stored = try await client.send("POST", "/documents/1/attachments", headers: Self.headers, body: upload)
        #expect(stored.status == 201, "\(stored.text)")
        #expect(stored.object["name"] as? String == "plän.bin")
        let file = try await client.send("GET", "/documents/1/attachments/pl%C3%A4n.bin")
        #expect(file.body == Data("é\u{FF}".utf8))
    }

    @Test func unknownDocumentsNamesAndMethodsAreTheirOwnStatuses() async throws {
        let backend = try DemoBackend(signIn: .open)
        let client = ServerClient(baseURL: try await backend.start())
        let upload = Self.form(document: "999", name: "a.bin", file: Self.bytes)
        #expect(
            try await client.send("POST", "/documents/999/attachments", headers: Self.headers, body: upload).status
                == 404)
        #expect(try await client.send("GET", "/documents/999/attachments").status == 404)
        #expect(try await client.send("GET", "/documents/1/attachments/none.bin").status == 404)
        let put = try await client.send("PUT", "/documents/1/attachments", json: "{}")
        #expect(put.status == 405 && put.headers["allow"] == "GET, POST")
        #expect(try await client.send("DELETE", "/documents/1/attachments/a.bin").status == 405)
    }

    @Test func anUploadNeedsASessionWhenThePolicyAsksForOne() async throws {
        let backend = try DemoBackend()  // sign-in required
        let client = ServerClient(baseURL: try await backend.start())
        let upload = Self.form(document: "1", name: "a.bin", file: Self.bytes)
        let reply = try await client.send("POST", "/documents/1/attachments", headers: Self.headers, body: upload)
        #expect(reply.status == 401)
        #expect(try await client.send("GET", "/documents/1/attachments").status == 200)  // reads stay open
    }

    @Test func attachmentsOutliveARestartAndACutOffUploadLeavesNothing() async throws {
        let folder = try ScratchFolder()
        let data = folder.url.appendingPathComponent("server")
        let first = try DemoBackend(data: data, signIn: .open)
        let url = try await first.start()
        let upload = Self.form(document: "1", name: "kept.bin", file: Self.bytes)
        _ = try await ServerClient(baseURL: url).send(
            "POST", "/documents/1/attachments", headers: Self.headers, body: upload)
        let head =
            "POST /documents/1/attachments HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(Self.headers["Content-Type"] ?? "")\r\n"
        let cut =
            Data((head + "Content-Length: 100000\r\n\r\n").utf8)
            + Self.form(document: "1", name: "cut.bin", file: Self.bytes).prefix(300)
        try RawSocket.send(cut, toPort: UInt16(url.port ?? 0))
        let incoming = data.appendingPathComponent("attachments/incoming")
        // The cut-off upload reached the route, and what it wrote is gone again.
        #expect(await eventually { await first.requestCount("POST /documents/:id/attachments") == 2 })
        #expect(try await eventually { try FileManager.default.contentsOfDirectory(atPath: incoming.path).isEmpty })
        await first.stop()
        let second = try DemoBackend(data: data, signIn: .open)
        let list = try await ServerClient(baseURL: try await second.start()).send("GET", "/documents/1/attachments")
        #expect((list.object["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["kept.bin"])
    }
}
