public import Foundation

/// Why a secret could not be read or kept.
nonisolated public enum SecretStoreError: Error, Equatable, Sendable, LocalizedError {
    /// Others than the owner may read or write the file: it is not used.
    case unsafeMode(path: String, mode: String)
    /// The file could not be read at all (a folder in its place, a read error); it is left as it is.
    case unreadable(path: String, reason: String)
    /// The file was not what the store writes: it was set aside (``DamagedFile``), the store is
    /// empty from now on, and this is the warning once.
    case setAside(String)
    /// The file could not be written.
    case writeFailed(String)

    /// A one-line description (never the secret).
    public var errorDescription: String? {
        switch self {
        case .unsafeMode(let path, let mode):
            "The secret store \(path) has mode \(mode), so others may read it; it is not used until it is 0600 "
                + "(chmod 600 it, or delete it and log in again)"
        case .unreadable(let path, let reason): "The secret store \(path) cannot be read: \(reason)"
        case .setAside(let warning): warning
        case .writeFailed(let reason): "The secret could not be kept: \(reason)"
        }
    }
}

/// Secrets by name, as the keychain keeps them: apart from settings, readable by the owner only,
/// never printed (``Secret`` hides its value from descriptions and logs).
nonisolated public protocol SecretStoring: AnyObject, Sendable {
    /// The secret called `name`, if kept.
    func secret(_ name: String) throws(SecretStoreError) -> Secret?
    /// Keeps `secret` as `name`.
    func setSecret(_ secret: Secret, for name: String) throws(SecretStoreError)
    /// Forgets `name`; returns whether it was kept.
    @discardableResult func removeSecret(_ name: String) throws(SecretStoreError) -> Bool
}

/// A secret value whose descriptions never show it.
nonisolated public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The value itself, for the one place that sends it.
    public let revealed: String

    /// Wraps `value`.
    public init(_ value: String) {
        revealed = value
    }

    /// Always `<redacted>`.
    public var description: String { "<redacted>" }
    /// Always `<redacted>`.
    public var debugDescription: String { "<redacted>" }
}

/// Secrets in one JSON file, mode 0600, in a folder of its own (`Library/Keychain/`, never in
/// `Library/Preferences/` with the settings); a file others may read is refused, not repaired.
nonisolated public final class FileSecretStore: SecretStoring {
    /// The file.
    public let url: URL

    /// A store over `url` (created, 0600, on the first secret kept).
    public init(url: URL) {
        self.url = url
    }

    /// The secret called `name`, if kept.
    public func secret(_ name: String) throws(SecretStoreError) -> Secret? {
        try load()[name].map(Secret.init)
    }

    /// Keeps `secret` as `name`, writing the file with mode 0600.
    public func setSecret(_ secret: Secret, for name: String) throws(SecretStoreError) {
        var secrets = try load()
        secrets[name] = secret.revealed
        try save(secrets)
    }

    /// Forgets `name`.
    @discardableResult
    public func removeSecret(_ name: String) throws(SecretStoreError) -> Bool {
        var secrets = try load()
        guard secrets.removeValue(forKey: name) != nil else { return false }
        try save(secrets)
        return true
    }

    private func load() throws(SecretStoreError) -> [String: String] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return [:] }
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
        guard mode & 0o077 == 0 else {
            throw .unsafeMode(path: url.lastPathComponent, mode: String(format: "%04o", mode))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.lastPathComponent, reason: FileErrorReason.of(error))
        }
        guard let secrets = try? JSONDecoder().decode([String: String].self, from: data) else {
            throw .setAside(DamagedFile.setAside(url, holding: "the secret store", then: "log in again"))
        }
        return secrets
    }

    /// Writes a new file readable by the owner only, then renames it over the old one, so no
    /// moment exists where the secrets are readable by others or half written.
    private func save(_ secrets: [String: String]) throws(SecretStoreError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let data = try JSONEncoder().encode(secrets)
            guard
                FileManager.default.createFile(
                    atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown) }
            // rename(2) replaces the old file in one step, whether or not there was one.
            guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .writeFailed(FileErrorReason.of(error))
        }
    }
}
