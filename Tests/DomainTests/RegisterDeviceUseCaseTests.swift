import Domain
import Synchronization
import TestSupport
import Testing

@Suite("RegisterDeviceUseCase")
struct RegisterDeviceUseCaseTests {
    final class Recorder: DeviceRegistrationRepositoryProtocol {
        let tokens = Mutex<[String]>([])
        let failure: PushError?

        init(failure: PushError? = nil) {
            self.failure = failure
        }

        func register(token: String) async throws(PushError) {
            tokens.withLock { $0.append(token) }
            if let failure { throw failure }
        }
    }

    let token = String(repeating: "0f", count: 32)

    @Test func aWellFormedTokenIsRegistered() async {
        let repository = Recorder()
        #expect(await RegisterDeviceUseCase(repository: repository).execute(token: token).failure == nil)
        #expect(repository.tokens.withLock { $0 } == [token])
    }

    @Test(arguments: ["", "abc", String(repeating: "0F", count: 32), String(repeating: "0g", count: 32)])
    func aMalformedTokenNeverReachesTheRepository(token: String) async {
        let repository = Recorder()
        let result = await RegisterDeviceUseCase(repository: repository).execute(token: token)
        #expect(result.failure == .refused("a device token is 64 lowercase hexadecimal digits"))
        #expect(repository.tokens.withLock { $0 }.isEmpty)
    }

    @Test func theRepositorysFailureIsTheResult() async {
        let repository = Recorder(failure: .unreachable("offline"))
        let result = await RegisterDeviceUseCase(repository: repository).execute(token: token)
        #expect(result.failure?.errorDescription == "the device token did not reach the server: offline")
    }
}
