public import Foundation
import Synchronization

/// Whether the user lets the app show notifications, as the system keeps it: asked once, at a
/// moment the app picks (never at launch), and after a denial only the Settings app changes it.
nonisolated public enum NotificationAuthorization: String, Sendable, CaseIterable {
    /// Never asked.
    case notDetermined = "not determined"
    /// The user said no.
    case denied
    /// The user said yes.
    case authorized
}

/// The system's record of the app's notification authorization, and its push token (the stand-in
/// keeps both in `Library/Preferences/.notifications.json`, as the system keeps them outside the
/// app's reach).
nonisolated public final class NotificationCenterStandIn: Sendable {
    private struct Record: Codable {
        var authorization: String
        var token: String
        var registeredToken: String?
    }

    private let file: URL
    private let record: Mutex<Record>
    /// Why the record on disk could not be read, when it could not: what the user chose is not
    /// known, and the file was kept beside the new one.
    public let problem: String?

    /// The record in `file`, or a new one (not determined, a fresh token) when it is missing or
    /// unreadable; an unreadable file is kept as `<name>.damaged`, not written over.
    public init(file: URL) {
        self.file = file
        let bytes = try? Data(contentsOf: file)
        let stored = bytes.flatMap { try? JSONDecoder().decode(Record.self, from: $0) }
        record = Mutex(
            stored ?? Record(authorization: NotificationAuthorization.notDetermined.rawValue, token: Self.newToken()))
        problem = Self.keepDamaged(
            file, exists: bytes != nil || FileManager.default.fileExists(atPath: file.path),
            readable: stored != nil)
        if stored == nil { save() }
    }

    /// The authorization now.
    public var authorization: NotificationAuthorization {
        record.withLock { NotificationAuthorization(rawValue: $0.authorization) ?? .notDetermined }
    }

    /// The device's push token (64 hexadecimal digits).
    public var token: String { record.withLock { $0.token } }

    /// Whether the current token reached the app's server.
    public var isTokenRegistered: Bool { record.withLock { $0.registeredToken == $0.token } }

    /// Asks the user, if nobody has yet.
    ///
    /// `userAllows` is the answer they give. Returns whether they were asked and the
    /// authorization after.
    public func requestAuthorization(userAllows: Bool) -> (asked: Bool, authorization: NotificationAuthorization) {
        let current = authorization
        guard current == .notDetermined else { return (false, current) }
        set(userAllows ? .authorized : .denied)
        return (true, authorization)
    }

    /// What the user chose in the Settings app.
    public func set(_ authorization: NotificationAuthorization) {
        record.withLock { $0.authorization = authorization.rawValue }
        save()
    }

    /// The system issues a new token (a restore, a reinstall); it must be registered again.
    @discardableResult
    public func renewToken() -> String {
        let token = Self.newToken()
        record.withLock { $0.token = token }
        save()
        return token
    }

    /// The app's server has `token`.
    public func markRegistered(_ token: String) {
        record.withLock { $0.registeredToken = token }
        save()
    }

    /// The app's server no longer has the token (the user signed out).
    public func markUnregistered() {
        record.withLock { $0.registeredToken = nil }
        save()
    }

    private func save() {
        guard let data = try? JSONEncoder().encode(record.withLock { $0 }) else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }

    /// Moves an unreadable record aside; answers what the user must hear about it.
    private static func keepDamaged(_ file: URL, exists: Bool, readable: Bool) -> String? {
        guard exists, !readable else { return nil }
        return DamagedFile.setAside(
            file, holding: "the notification settings",
            then: "notifications start again as not determined, with a new push token")
    }

    private static func newToken() -> String {
        (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }
}
