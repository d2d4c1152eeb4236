import Foundation

/// Signs in: a name and a password are required, and a second sign-in while one is open is
/// refused (sign out first), so a session is never replaced by accident.
public struct SignInUseCase: Sendable {
    private let repository: any SessionRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any SessionRepositoryProtocol) {
        self.repository = repository
    }

    /// Signs in as `name`.
    ///
    /// ```swift
    /// let signedIn = await SignInUseCase(repository: sessions).execute(name: "ada", password: password)
    /// ```
    public func execute(name: String, password: String) async -> Result<String, SessionError> {
        await .catching { () async throws(SessionError) in
            let name = try self.name(name).get()
            guard !password.isEmpty else { throw .missingPassword }
            if let current = await repository.currentAccount() { throw .alreadySignedIn(current) }
            return try await repository.signIn(name: name, password: password)
        }
    }

    /// The name `execute` signs in with (`typed` without its outer spaces), or why it has none:
    /// a screen checks it before it asks for the password.
    public func name(_ typed: String) -> Result<String, SessionError> {
        let name = typed.trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? .failure(.missingName) : .success(name)
    }
}

/// Signs out: the session ends on the server and is forgotten here; nobody signed in is an error.
public struct SignOutUseCase: Sendable {
    private let repository: any SessionRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any SessionRepositoryProtocol) {
        self.repository = repository
    }

    /// Signs out; returns the name that was signed in.
    public func execute() async -> Result<String, SessionError> {
        await .catching { () async throws(SessionError) in
            guard let current = await repository.currentAccount() else { throw .notSignedIn }
            try await repository.signOut()
            return current
        }
    }
}
