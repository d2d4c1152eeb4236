import Domain
import Foundation
import Platform
import Synchronization
import TestSupport
import Testing

@testable import repl

/// The device token's registration: requests reach the server in the order the app made them,
/// and a sign-out is the last word of a launch.
///
/// The launch's registration is a polite task that runs up to three seconds after the first
/// prompt. Before this type it could land after a `logout` typed meanwhile, and leave a
/// signed-out device registered: 3 processes of 6 ended so with a slow server (`server latency
/// 300`) and a few commands after the sign-out. Each test fails when the part of the fix it is
/// about is taken out (the queue of requests; the launch's check for a sign-out).
@Suite("Device token registration")
struct DeviceTokenRegistrationTests {
    /// A server's device registrations, whose registration answers only once `release()` is called.
    final class HeldServer: DeviceRegistrationRepositoryProtocol {
        enum Call: Equatable, Sendable {
            case registering, registered, deregistered
        }

        let calls = Mutex<[Call]>([])
        private let gate = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
        private let heard: AsyncStream<Call>
        private let hear: AsyncStream<Call>.Continuation

        init() {
            (heard, hear) = AsyncStream.makeStream(of: Call.self)
        }

        func register(token: String, environment: APNsEnvironment) async throws(PushError) {
            record(.registering)
            await withCheckedContinuation { continuation in
                let open = gate.withLock { gate in
                    if !gate.open { gate.waiting.append(continuation) }
                    return gate.open
                }
                if open { continuation.resume() }
            }
            record(.registered)
        }

        func deregister(token: String) async throws(PushError) {
            record(.deregistered)
        }

        /// Answers the registrations held and every later one.
        func release() {
            let waiting = gate.withLock { gate in
                gate.open = true
                defer { gate.waiting = [] }
                return gate.waiting
            }
            for continuation in waiting { continuation.resume() }
        }

        /// Waits until the server hears `call`.
        func hears(_ call: Call) async {
            for await heard in heard where heard == call { return }
        }

        private func record(_ call: Call) {
            calls.withLock { $0.append(call) }
            hear.yield(call)
        }
    }

    func registration(_ server: HeldServer, in folder: ScratchFolder, requests: SerialRunner) -> (
        DeviceTokenRegistration, NotificationCenterStandIn
    ) {
        let notifications = NotificationCenterStandIn(file: folder.url.appendingPathComponent("notifications.json"))
        let registration = DeviceTokenRegistration(
            notifications: notifications, environment: .sandbox, register: RegisterDeviceUseCase(repository: server),
            deregister: DeregisterDeviceUseCase(repository: server), requests: requests)
        return (registration, notifications)
    }

    /// A sign-out asked while the launch's registration waits for its answer is sent after that
    /// answer, so the device ends signed out and unregistered.
    @Test(.timeLimit(.minutes(1))) func aSignOutWaitsForTheRegistrationOnItsWay() async throws {
        let server = HeldServer()
        let folder = try ScratchFolder()
        let requests = SerialRunner()
        let (registration, notifications) = self.registration(server, in: folder, requests: requests)
        let launch = Task { await registration.atLaunch() }
        await server.hears(.registering)
        let signOut = Task { await registration.atSignOut() }
        // The answer comes only once the removal is asked for: a removal sent at once would reach
        // the server before it, and one that read the token's state then would find it unsent.
        try #require(await eventually { await requests.unfinished == 2 })
        server.release()
        await launch.value
        #expect(await signOut.value == nil)
        #expect(server.calls.withLock { $0 } == [.registering, .registered, .deregistered])
        #expect(!notifications.isTokenRegistered)
    }

    /// The launch's registration that had not started when the user signed out sends nothing.
    @Test func aLaunchsRegistrationAfterASignOutSendsNothing() async throws {
        let server = HeldServer()
        server.release()
        let folder = try ScratchFolder()
        let (registration, notifications) = self.registration(server, in: folder, requests: SerialRunner())
        await registration.afterSignIn()
        #expect(notifications.isTokenRegistered)
        #expect(await registration.atSignOut() == nil)
        await registration.atLaunch()
        #expect(server.calls.withLock { $0 } == [.registering, .registered, .deregistered])
        #expect(!notifications.isTokenRegistered)
    }
}
