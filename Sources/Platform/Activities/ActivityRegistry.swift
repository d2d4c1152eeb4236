public import Foundation
import Logging

/// The payload types an app understands, by activity type and schema version: decoding a saved
/// activity looks its type up here instead of trusting an untyped dictionary.
///
/// ```swift
/// var registry = ActivityRegistry()
/// registry.register(NoteEditActivity.self)
/// let activity = registry.decode(savedData)  // nil, with a warning, when unknown
/// ```
nonisolated public struct ActivityRegistry: Sendable {
    private typealias Decode = @Sendable (any Decoder) throws -> any ActivityPayload

    private struct Key: Hashable {
        let type: String
        let version: Int
    }

    private var decoders: [Key: Decode] = [:]

    /// Creates an empty registry.
    public init() {}

    /// The key under which a decoder's user info may carry a registry.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "strata.activityRegistry")

    /// Registers `payload` at its current schema version.
    public mutating func register<Payload: ActivityPayload>(_ payload: Payload.Type) {
        decoders[Key(type: Payload.activityType, version: Payload.schemaVersion)] = { decoder in
            try Payload(from: decoder)
        }
    }

    /// Registers an older schema `version` of `payload`, read as `Old` and migrated forward.
    public mutating func register<Payload: ActivityPayload, Old: Decodable & SendableMetatype>(
        _ payload: Payload.Type, version: Int, decoding old: Old.Type, migrate: @escaping @Sendable (Old) -> Payload
    ) {
        decoders[Key(type: Payload.activityType, version: version)] = { decoder in
            migrate(try Old(from: decoder))
        }
    }

    /// Whether activities of `type` can be decoded at some version.
    public func isRegistered(_ type: String) -> Bool {
        decoders.keys.contains { $0.type == type }
    }

    /// Decodes one activity from JSON; an unknown type or version, or data that is not an
    /// activity, gives `nil` and a logged warning, never an error: apps are upgraded between
    /// saving and restoring.
    public func decode(_ data: Data) -> UserActivity? {
        let decoder = JSONDecoder()
        if let key = Self.userInfoKey { decoder.userInfo[key] = self }
        do {
            return try decoder.decode(UserActivity.self, from: data)
        } catch {
            Logger(label: "strata.presentation.scenes").warning("ignoring a saved activity: \(Self.describe(error))")
            return nil
        }
    }

    /// A short description of why decoding an activity failed, for warnings.
    static func describe(_ error: any Error) -> String {
        if let error = error as? ActivityDecodingError { return error.description }
        if case DecodingError.dataCorrupted(let context) = error { return context.debugDescription }
        if case DecodingError.keyNotFound(let key, _) = error { return "missing field '\(key.stringValue)'" }
        return "\(error)"
    }

    /// The registry a decoder was given, if any.
    static func registry(in userInfo: [CodingUserInfoKey: Any]) -> ActivityRegistry? {
        guard let key = userInfoKey else { return nil }
        return userInfo[key] as? ActivityRegistry
    }

    /// Decodes the payload registered for `type` at `version`.
    func decodePayload(type: String, version: Int, from decoder: any Decoder) throws -> any ActivityPayload {
        guard let decode = decoders[Key(type: type, version: version)] else {
            if isRegistered(type) { throw ActivityDecodingError.unsupportedVersion(type: type, version: version) }
            throw ActivityDecodingError.unknownType(type)
        }
        return try decode(decoder)
    }
}
