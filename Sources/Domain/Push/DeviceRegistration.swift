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

/// Where the device's push token is registered.
public protocol DeviceRegistrationRepositoryProtocol: Sendable {
    /// Registers `token` for this app, replacing any earlier registration of it.
    func register(token: String) async throws(PushError)
}

/// Registers the push token the system gave this device, at launch and whenever it changes.
public struct RegisterDeviceUseCase: Sendable {
    private let repository: any DeviceRegistrationRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any DeviceRegistrationRepositoryProtocol) {
        self.repository = repository
    }

    /// Registers `token` (64 lowercase hexadecimal digits; anything else is refused here).
    ///
    /// ```swift
    /// let result = await RegisterDeviceUseCase(repository: devices).execute(token: token)
    /// ```
    public func execute(token: String) async -> Result<Void, PushError> {
        guard token.count == 64, token.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            return .failure(.refused("a device token is 64 lowercase hexadecimal digits"))
        }
        return await .catching { () async throws(PushError) in try await repository.register(token: token) }
    }
}

extension PushError: UserFacingError {
    /// What a screen may offer.
    public var remedy: Remedy {
        switch self {
        case .unreachable: .retry
        case .refused: .none
        }
    }
}
