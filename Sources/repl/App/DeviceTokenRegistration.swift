import Domain
import Platform
import Synchronization

/// The device token on the server, as the app keeps it there: sent at launch, after a sign-in and
/// when the system issues a new one, and taken back at sign-out (Docs/Push.md).
///
/// Each request waits for the one before it, so they reach the server in the order the app made
/// them: a registration still on its way when the user signs out lands before the removal, not
/// after it. A launch's registration that has not started by a sign-out does not run (the next
/// launch sends the token, as every launch does).
final class DeviceTokenRegistration: Sendable {
    private let notifications: NotificationCenterStandIn
    private let environment: APNsEnvironment
    private let register: RegisterDeviceUseCase
    private let deregister: DeregisterDeviceUseCase
    private let requests: SerialRunner
    private let signedOut = Mutex(false)

    /// Keeps `notifications`' token on the server through the two use cases, one request at a time
    /// on `requests`; tokens come from `environment`.
    init(
        notifications: NotificationCenterStandIn, environment: APNsEnvironment, register: RegisterDeviceUseCase,
        deregister: DeregisterDeviceUseCase, requests: SerialRunner
    ) {
        self.notifications = notifications
        self.requests = requests
        self.environment = environment
        self.register = register
        self.deregister = deregister
    }

    /// The launch's registration, unless the server has the token or the user signed out since
    /// launch.
    func atLaunch() async {
        _ = await requests.run { [self] in
            guard !signedOut.withLock({ $0 }) else { return Result<Void, PushError>.success(()) }
            return await sendUnlessRegistered()
        }
    }

    /// After a sign-in the account's notifications may reach this device: its token goes to the
    /// server unless it is there (a failure waits for the next launch, as at launch).
    func afterSignIn() async {
        _ = await requests.run { [self] in await sendUnlessRegistered() }
    }

    /// The system issues a new token (a restore, a reinstall), which goes to the server; the new
    /// token, or why the server does not have it.
    func renew() async -> (token: String, failure: PushError?) {
        await requests.run { [self] in
            let token = notifications.renewToken()
            guard case .failure(let error) = await send(token) else { return (token, nil) }
            return (token, error)
        }
    }

    /// At sign-out the server forgets the token, so nothing meant for the account reaches a
    /// signed-out device; why it could not, if it could not.
    func atSignOut() async -> PushError? {
        signedOut.withLock { $0 = true }
        return await requests.run { [self] () -> PushError? in
            guard notifications.isTokenRegistered else { return nil }
            if case .failure(let error) = await deregister.execute(token: notifications.token) { return error }
            notifications.markUnregistered()
            return nil
        }
    }

    private func sendUnlessRegistered() async -> Result<Void, PushError> {
        guard !notifications.isTokenRegistered else { return .success(()) }
        return await send(notifications.token)
    }

    private func send(_ token: String) async -> Result<Void, PushError> {
        let sent = await register.execute(token: token, environment: environment)
        if case .success = sent { notifications.markRegistered(token) }
        return sent
    }
}
