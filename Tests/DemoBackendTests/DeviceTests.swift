import DemoBackend
import Foundation
import TestSupport
import Testing

/// `PUT /devices/{token}` and `DELETE /devices/{token}`: devices register their push tokens with
/// their APNs environment, and remove them at sign-out, with no session needed.
@Suite("The demo server's device registrations")
struct DeviceTests {
    static let token = String(repeating: "ab", count: 32)
    static let body = #"{"bundleIdentifier":"com.strata.app.dev","environment":"sandbox"}"#

    @Test func aTokenRegistersOnceAndAgainIdempotently() async throws {
        let backend = try DemoBackend()  // sign-in required: a device registers before anyone signs in
        let client = ServerClient(baseURL: try await backend.start())
        let first = try await client.send("PUT", "/devices/\(Self.token)", json: Self.body)
        #expect(first.status == 201 && first.object["token"] as? String == Self.token)
        let again = try await client.send("PUT", "/devices/\(Self.token)", json: Self.body)
        #expect(again.status == 200)
        #expect(await backend.status().devices == 1)
        #expect(await backend.registeredDevices().first?.environment == "sandbox")
    }

    @Test func aTokenIsRemovedOnceThenUnknown() async throws {
        let backend = try DemoBackend()
        let client = ServerClient(baseURL: try await backend.start())
        _ = try await client.send("PUT", "/devices/\(Self.token)", json: Self.body)
        #expect(try await client.send("DELETE", "/devices/\(Self.token)").status == 204)
        #expect(await backend.status().devices == 0)
        let again = try await client.send("DELETE", "/devices/\(Self.token)")
        #expect(again.status == 404 && again.object["error"] as? String == "no device has this token")
    }

    @Test(
        "A bad token or body is refused and registers nothing",
        arguments: [
            ("/devices/xyz", body, 422), ("/devices/\(String(repeating: "AB", count: 32))", body, 422),
            ("/devices/\(token)", #"{"bundle":"x"}"#, 422), ("/devices/\(token)", #"{"bundleIdentifier":""}"#, 422),
            ("/devices/\(token)", "not json", 422), ("/devices", body, 404), ("/devices/\(token)/more", body, 404),
            ("/devices/\(token)", #"{"bundleIdentifier":"com.strata.app"}"#, 422),
            ("/devices/\(token)", #"{"bundleIdentifier":"com.strata.app","environment":"development"}"#, 422),
        ])
    func badRegistrations(path: String, json: String, status: Int) async throws {
        let backend = try DemoBackend()
        let client = ServerClient(baseURL: try await backend.start())
        let reply = try await client.send("PUT", path, json: json)
        #expect(reply.status == status && reply.object["error"] is String, "\(reply.text)")
        #expect(try await client.send("POST", "/devices/\(Self.token)", json: json).status == 405)
        #expect(await backend.status().devices == 0)
    }
}
