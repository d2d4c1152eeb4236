import Domain
import Synchronization
import TestSupport
import Testing

@Suite("RegisterDeviceUseCase and DeregisterDeviceUseCase")
struct RegisterDeviceUseCaseTests {
    final class Recorder: DeviceRegistrationRepositoryProtocol {
        enum Call: Equatable {
            case register(String, APNsEnvironment)
            case deregister(String)
        }

        let calls = Mutex<[Call]>([])
        let failure: PushError?

        init(failure: PushError?) {
            self.failure = failure
        }

        func register(token: String, environment: APNsEnvironment) async throws(PushError) {
            calls.withLock { $0.append(.register(token, environment)) }
            if let failure { throw failure }
        }

        func deregister(token: String) async throws(PushError) {
            calls.withLock { $0.append(.deregister(token)) }
            if let failure { throw failure }
        }
    }

    let token = String(repeating: "0f", count: 32)

    @Test(arguments: APNsEnvironment.allCases)
    func aWellFormedTokenIsRegisteredWithItsEnvironment(environment: APNsEnvironment) async {
        let repository = Recorder(failure: nil)
        let result = await RegisterDeviceUseCase(repository: repository).execute(token: token, environment: environment)
        #expect(result.failure == nil)
        #expect(repository.calls.withLock { $0 } == [.register(token, environment)])
    }

    @Test(arguments: ["", "abc", String(repeating: "0F", count: 32), String(repeating: "0g", count: 32)])
    func aMalformedTokenNeverReachesTheRepository(token: String) async {
        let repository = Recorder(failure: nil)
        let registered = await RegisterDeviceUseCase(repository: repository).execute(
            token: token, environment: .sandbox)
        let deregistered = await DeregisterDeviceUseCase(repository: repository).execute(token: token)
        #expect(registered.failure == .refused("a device token is 64 lowercase hexadecimal digits"))
        #expect(deregistered.failure == .refused("a device token is 64 lowercase hexadecimal digits"))
        #expect(repository.calls.withLock { $0 }.isEmpty)
    }

    @Test func aTokenIsDeregistered() async {
        let repository = Recorder(failure: nil)
        #expect(await DeregisterDeviceUseCase(repository: repository).execute(token: token).failure == nil)
        #expect(repository.calls.withLock { $0 } == [.deregister(token)])
    }

    @Test func theRepositorysFailureIsTheResult() async {
        let repository = Recorder(failure: .unreachable("offline"))
        let result = await RegisterDeviceUseCase(repository: repository).execute(token: token, environment: .production)
        #expect(result.failure?.errorDescription == "the device token did not reach the server: offline")
        #expect(result.failure?.remedy == .retry)
        let removal = await DeregisterDeviceUseCase(repository: repository).execute(token: token)
        #expect(removal.failure == .unreachable("offline"))
    }
}
