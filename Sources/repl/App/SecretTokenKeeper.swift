import Foundation
import Platform
import StrataData

/// Keeps the session in the app's secret store (`Library/Keychain/secrets.json`), never in the
/// settings: the Data layer's ``TokenKeeping`` over Platform's ``SecretStoring``.
nonisolated struct SecretTokenKeeper: TokenKeeping {
    private static let accountName = "session.account"
    private static let tokenName = "session.token"

    let store: any SecretStoring

    /// Why the kept session cannot be used (a secrets file others may read, one that cannot be
    /// read, or one set aside as damaged just now), if it cannot.
    ///
    /// Asked before the session is read: a damaged store is set aside at its first read, and that
    /// read alone says so.
    func problem() -> String? {
        do {
            _ = try store.secret(Self.tokenName)
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    func load() -> (account: String, token: String)? {
        guard let account = try? store.secret(Self.accountName), let token = try? store.secret(Self.tokenName) else {
            return nil
        }
        return (account.revealed, token.revealed)
    }

    func save(account: String, token: String) throws {
        try store.setSecret(Secret(account), for: Self.accountName)
        try store.setSecret(Secret(token), for: Self.tokenName)
    }

    func remove() throws {
        try store.removeSecret(Self.tokenName)
        try store.removeSecret(Self.accountName)
    }
}
