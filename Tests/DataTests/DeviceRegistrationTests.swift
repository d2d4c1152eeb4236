import DemoBackend
import Domain
import Foundation
import StrataData
import Testing

/// The device's push token over real HTTP to the demo server.
@Suite("Device registration over HTTP")
struct DeviceRegistrationTests {
    let token = String(repeating: "5a", count: 32)

    @Test func aTokenReachesTheServerOnceWithItsEnvironmentHoweverOftenItIsSent() async throws {
        let live = try await LiveBackend.start()
        let repository = DeviceRegistrationRepositoryImpl(api: live.client, bundleIdentifier: "com.strata.app.dev")
        try await repository.register(token: token, environment: .sandbox)
        try await repository.register(token: token, environment: .sandbox)
        #expect(
            await live.backend.registeredDevices()
                == [RegisteredDevice(token: token, bundleIdentifier: "com.strata.app.dev", environment: "sandbox")])
    }

    @Test func aDeregisteredTokenIsGoneAndDeregisteringAgainSucceeds() async throws {
        let live = try await LiveBackend.start()
        let repository = DeviceRegistrationRepositoryImpl(api: live.client, bundleIdentifier: "com.strata.app")
        try await repository.register(token: token, environment: .production)
        try await repository.deregister(token: token)
        #expect(await live.backend.registeredDevices().isEmpty)
        try await repository.deregister(token: token)  // what was asked for holds
    }

    @Test func aServerThatIsDownIsUnreachableNotRefused() async throws {
        let live = try await LiveBackend.start()
        await live.backend.stop()
        let repository = DeviceRegistrationRepositoryImpl(api: live.client, bundleIdentifier: "com.strata.app.dev")
        await #expect {
            try await repository.register(token: token, environment: .sandbox)
        } throws: { error in
            if case .unreachable = error as? PushError { true } else { false }
        }
    }
}
