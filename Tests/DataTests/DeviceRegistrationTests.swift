import DemoBackend
import Domain
import Foundation
import StrataData
import Testing

/// The device's push token over real HTTP to the demo server.
@Suite("Device registration over HTTP")
struct DeviceRegistrationTests {
    @Test func aTokenReachesTheServerOnceHoweverOftenItIsSent() async throws {
        let live = try await LiveBackend.start()
        let repository = DeviceRegistrationRepositoryImpl(api: live.client, bundleIdentifier: "com.strata.app.dev")
        let token = String(repeating: "5a", count: 32)
        try await repository.register(token: token)
        try await repository.register(token: token)
        #expect(await live.backend.status().devices == 1)
    }

    @Test func aServerThatIsDownIsUnreachableNotRefused() async throws {
        let live = try await LiveBackend.start()
        await live.backend.stop()
        let repository = DeviceRegistrationRepositoryImpl(api: live.client, bundleIdentifier: "com.strata.app.dev")
        await #expect {
            try await repository.register(token: String(repeating: "5a", count: 32))
        } throws: { error in
            if case .unreachable = error as? PushError { true } else { false }
        }
    }
}
