public import Domain
import Foundation
import HTTPTypes

/// Signs in and out against the API's `/sessions` routes; the session is kept through the
/// ``SessionCredentials`` the API client sends.
public struct SessionRepositoryImpl: SessionRepositoryProtocol {
    private let api: APIClient
    private let credentials: SessionCredentials

    private struct SignInDTO: Encodable {
        let name: String
        let password: String
    }

    private struct SessionDTO: Decodable {
        let token: String
        let name: String
    }

    /// A repository over `api`, whose credentials it fills and clears.
    public init(api: APIClient, credentials: SessionCredentials) {
        self.api = api
        self.credentials = credentials
    }

    /// The account signed in on this device.
    public func currentAccount() async -> String? {
        credentials.account
    }

    /// `POST /sessions`; the token is kept before it is used.
    public func signIn(name: String, password: String) async throws(SessionError) -> String {
        let session: SessionDTO
        do {
            (session, _) = try await api.send(.post, "sessions", body: SignInDTO(name: name, password: password))
        } catch .unauthorized {
            throw .wrongCredentials
        } catch {
            throw .unreachable(error.localizedDescription)
        }
        do {
            try credentials.signedIn(account: session.name, token: session.token)
        } catch {
            throw .storage(error.localizedDescription)
        }
        return session.name
    }

    /// `DELETE /sessions/current`, then forgets the session; a session the server no longer
    /// knows (401) is forgotten too, and one the server could not be told about is kept.
    public func signOut() async throws(SessionError) {
        do {
            try await api.sendWithoutBody(.delete, "sessions/current")
        } catch .unauthorized {
            // Already ended on the server; the client forgot it when the 401 came back.
        } catch {
            throw .unreachable(error.localizedDescription)
        }
        do {
            try credentials.forget()
        } catch {
            throw .storage(error.localizedDescription)
        }
    }
}
