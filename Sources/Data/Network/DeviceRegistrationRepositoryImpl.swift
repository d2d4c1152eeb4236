public import Domain
import Foundation
import HTTPTypes

/// `PUT /devices/{token}`: the device's push token, for the server to send notifications to.
public struct DeviceRegistrationRepositoryImpl: DeviceRegistrationRepositoryProtocol {
    private let api: APIClient
    private let bundleIdentifier: String

    private struct RegistrationDTO: Encodable {
        let bundleIdentifier: String
    }

    private struct RegisteredDTO: Decodable {
        let token: String
    }

    /// Registers through `api` for the app `bundleIdentifier`.
    public init(api: APIClient, bundleIdentifier: String) {
        self.api = api
        self.bundleIdentifier = bundleIdentifier
    }

    /// Sends the token; a `PUT` may be repeated, so it is retried like a read.
    public func register(token: String) async throws(PushError) {
        do {
            _ = try await api.send(
                .put, "devices/\(token)", body: RegistrationDTO(bundleIdentifier: bundleIdentifier), retryable: true,
                as: RegisteredDTO.self)
        } catch .unprocessable, .badRequest {
            throw .refused("the token or the registration is malformed")
        } catch {
            throw .unreachable(error.localizedDescription)
        }
    }
}
