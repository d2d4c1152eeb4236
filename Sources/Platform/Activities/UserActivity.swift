import Foundation

/// What a scene is doing, in a form that can be saved and handed to another scene: the typed
/// stand-in for `NSUserActivity`.
///
/// ```swift
/// let activity = UserActivity(DocumentEditActivity.opening(42), title: "Edit document 42")
/// let edit = activity.payload(as: DocumentEditActivity.self)
/// ```
nonisolated public struct UserActivity: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The kind of activity, which picks the payload type when decoding.
    public let activityType: String
    /// A title for people (window switchers, `scene list`).
    public var title: String
    /// What the activity shows; activation reuses the open session with the same identifier.
    public var targetContentIdentifier: String?
    /// The typed content.
    public let payload: any ActivityPayload

    /// Creates an activity carrying `payload`; `targetContentIdentifier` defaults to the payload's.
    public init<Payload: ActivityPayload>(_ payload: Payload, title: String, targetContentIdentifier: String? = nil) {
        activityType = Payload.activityType
        self.title = title
        self.targetContentIdentifier = targetContentIdentifier
        self.payload = payload
    }

    /// The payload as `type`, or `nil` when the activity carries another type.
    public func payload<Payload: ActivityPayload>(as type: Payload.Type) -> Payload? {
        payload as? Payload
    }

    /// Whether two activities have the same type, title, target and payload.
    public static func == (lhs: UserActivity, rhs: UserActivity) -> Bool {
        lhs.activityType == rhs.activityType && lhs.title == rhs.title
            && lhs.targetContentIdentifier == rhs.targetContentIdentifier && lhs.payload.isEqual(to: rhs.payload)
    }

    /// `title (activityType)`.
    public var description: String { "\(title) (\(activityType))" }

    /// The keys of the encoded form: a contract, since saved state outlives app versions.
    enum CodingKeys: String, CodingKey {
        case activityType, schemaVersion, title, targetContentIdentifier, payload
    }

    /// Writes the activity with its payload's schema version.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(activityType, forKey: .activityType)
        try container.encode(type(of: payload).schemaVersion, forKey: .schemaVersion)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(targetContentIdentifier, forKey: .targetContentIdentifier)
        try payload.encode(to: container.superEncoder(forKey: .payload))
    }

    /// Reads an activity through the registry in the decoder's user info; an unregistered type or
    /// version, or a decoder without a registry, throws ``ActivityDecodingError``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        activityType = try container.decode(String.self, forKey: .activityType)
        let version = try container.decode(Int.self, forKey: .schemaVersion)
        title = try container.decode(String.self, forKey: .title)
        targetContentIdentifier = try container.decodeIfPresent(String.self, forKey: .targetContentIdentifier)
        guard let registry = ActivityRegistry.registry(in: decoder.userInfo) else {
            throw ActivityDecodingError.noRegistry
        }
        payload = try registry.decodePayload(
            type: activityType, version: version, from: container.superDecoder(forKey: .payload))
    }
}

/// Why a saved activity could not be read back.
nonisolated public enum ActivityDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No payload type is registered for this activity type.
    case unknownType(String)
    /// The type is known but this schema version is not (saved by a newer or much older app).
    case unsupportedVersion(type: String, version: Int)
    /// The decoder was given no ``ActivityRegistry`` to look payload types up in.
    case noRegistry

    /// A one-line explanation for logs.
    public var description: String {
        switch self {
        case .unknownType(let type): "unknown activity type '\(type)'"
        case .unsupportedVersion(let type, let version): "unsupported schema version \(version) of '\(type)'"
        case .noRegistry: "no activity registry was given to the decoder"
        }
    }
}
