public import Domain
import Foundation
import HTTPTypes

/// `PUT /devices/{token}` and `DELETE /devices/{token}`: the device's push token and the APNs
/// environment that issued it, for the server to send notifications to, until sign-out.
public struct DeviceRegistrationRepositoryImpl: DeviceRegistrationRepositoryProtocol {
    private let api: APIClient
    private let bundleIdentifier: String

    private struct RegistrationDTO: Encodable {
        let bundleIdentifier: String
        let environment: String
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
    public func register(token: String, environment: APNsEnvironment) async throws(PushError) {
        let registration = RegistrationDTO(bundleIdentifier: bundleIdentifier, environment: environment.rawValue)
        let registered: RegisteredDTO
        do {
            (registered, _) = try await api.send(
                .put, "devices/\(token)", body: registration, retryable: true, as: RegisteredDTO.self)
        } catch .unprocessable, .badRequest {
            throw .refused("the token or the registration is malformed")
        } catch {
            throw .unreachable(error.localizedDescription)
        }
        // An answer about another token is no answer to this request.
        guard registered.token == token else { throw .refused("the server confirmed another token") }
    }

    /// Removes the token; a `DELETE` may be repeated, and one the server does not have is gone.
    public func deregister(token: String) async throws(PushError) {
        do {
            try await api.sendWithoutBody(.delete, "devices/\(token)")
        } catch .notFound {
            // Never registered, or removed already: what was asked for holds.
        } catch .unprocessable, .badRequest {
            throw .refused("the token is malformed")
        } catch {
            throw .unreachable(error.localizedDescription)
        }
    }
}
