public import Foundation

/// Why the device's push token did not reach the server.
public enum PushError: Error, LocalizedError, Equatable, Sendable {
    /// The server could not be reached or failed; try again later.
    case unreachable(String)
    /// The server refused the token or the registration.
    case refused(String)

    /// One line for the user.
    public var errorDescription: String? {
        switch self {
        case .unreachable(let reason): "the device token did not reach the server: \(reason)"
        case .refused(let reason): "the server refused the device token: \(reason)"
        }
    }
}

/// Which APNs environment issued a device token: a development build's token is a sandbox one,
/// a TestFlight or App Store build's a production one, and a server must send each to its own
/// gateway (a token sent to the other answers "bad device token").
public enum APNsEnvironment: String, Sendable, CaseIterable {
    /// `api.sandbox.push.apple.com`: builds signed for development.
    case sandbox
    /// `api.push.apple.com`: TestFlight and App Store builds.
    case production
}

/// Where the device's push token is registered.
public protocol DeviceRegistrationRepositoryProtocol: Sendable {
    /// Registers `token`, issued in `environment`, for this app, replacing any earlier
    /// registration of it.
    func register(token: String, environment: APNsEnvironment) async throws(PushError)
    /// Removes the registration of `token`; removing one the server does not have succeeds.
    func deregister(token: String) async throws(PushError)
}

/// Registers the push token the system gave this device, at launch, whenever it changes and
/// after a sign-in.
public struct RegisterDeviceUseCase: Sendable {
    private let repository: any DeviceRegistrationRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any DeviceRegistrationRepositoryProtocol) {
        self.repository = repository
    }

    /// Registers `token` (64 lowercase hexadecimal digits; anything else is refused here) with the
    /// environment that issued it.
    ///
    /// ```swift
    /// let result = await RegisterDeviceUseCase(repository: devices).execute(token: token, environment: .sandbox)
    /// ```
    public func execute(token: String, environment: APNsEnvironment) async -> Result<Void, PushError> {
        if let problem = DeviceTokenRules.problem(token) { return .failure(problem) }
        return await .catching { () async throws(PushError) in
            try await repository.register(token: token, environment: environment)
        }
    }
}

/// Removes this device's push token from the server when the user signs out, so a signed-out
/// device receives nothing meant for the account.
public struct DeregisterDeviceUseCase: Sendable {
    private let repository: any DeviceRegistrationRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any DeviceRegistrationRepositoryProtocol) {
        self.repository = repository
    }

    /// Deregisters `token` (refused here when malformed).
    public func execute(token: String) async -> Result<Void, PushError> {
        if let problem = DeviceTokenRules.problem(token) { return .failure(problem) }
        return await .catching { () async throws(PushError) in try await repository.deregister(token: token) }
    }
}

/// What a device token looks like.
public enum DeviceTokenRules {
    /// Why `token` cannot be a device token, if it cannot: 64 lowercase hexadecimal digits.
    public static func problem(_ token: String) -> PushError? {
        guard token.count == 64, token.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            return .refused("a device token is 64 lowercase hexadecimal digits")
        }
        return nil
    }
}

extension PushError: UserFacingError {
    /// None: it is about no one field of an item.
    public var fieldName: String? { nil }

    /// What a screen may offer.
    public var remedy: Remedy {
        switch self {
        case .unreachable: .retry
        case .refused: .none
        }
    }
}
