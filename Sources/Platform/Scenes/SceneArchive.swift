import Foundation
import Logging

/// The saved form of every open session: what ``SceneApplication`` writes through its
/// ``Domain/SceneStateStoreProtocol`` and reads back at launch.
nonisolated struct SceneArchive: Codable, Equatable, Sendable {
    /// The version this code writes; an archive of another version is not read.
    static let currentVersion = 1

    /// The archive format's version.
    var version = SceneArchive.currentVersion
    /// The number the next new session's identifier gets.
    var nextNumber = 1
    /// Sessions destroyed so far, so activating one again says so.
    var destroyed: [String] = []
    /// The open sessions, oldest first.
    var sessions: [Record] = []

    /// One session as saved.
    struct Record: Codable, Equatable, Sendable {
        var persistentIdentifier: String
        var configuration: SceneConfiguration
        var userInfo: [String: String]
        /// The scene's state when saved; foreground scenes reconnect at launch.
        var state: SceneActivationState
        /// The activity to restore with; `nil` when there was none or it could not be read.
        var activity: UserActivity?

        init(
            persistentIdentifier: String, configuration: SceneConfiguration, userInfo: [String: String],
            state: SceneActivationState, activity: UserActivity?
        ) {
            self.persistentIdentifier = persistentIdentifier
            self.configuration = configuration
            self.userInfo = userInfo
            self.state = state
            self.activity = activity
        }

        /// Reads a record; an activity of an unknown type or version becomes `nil` with a
        /// warning, so the session restores as a fresh scene instead of failing the launch.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            persistentIdentifier = try container.decode(String.self, forKey: .persistentIdentifier)
            configuration = try container.decode(SceneConfiguration.self, forKey: .configuration)
            userInfo = try container.decodeIfPresent([String: String].self, forKey: .userInfo) ?? [:]
            state = try container.decode(SceneActivationState.self, forKey: .state)
            do {
                activity = try container.decodeIfPresent(UserActivity.self, forKey: .activity)
            } catch {
                Logger(label: "strata.presentation.scenes").warning(
                    "scene session \(persistentIdentifier) restores without its activity: \(ActivityRegistry.describe(error))"
                )
                activity = nil
            }
        }
    }

    /// The archive as JSON.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads an archive written by this version, decoding activities through `registry`.
    static func decode(_ data: Data, registry: ActivityRegistry) throws -> SceneArchive {
        let decoder = JSONDecoder()
        if let key = ActivityRegistry.userInfoKey { decoder.userInfo[key] = registry }
        let archive = try decoder.decode(SceneArchive.self, from: data)
        guard archive.version == currentVersion else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "archive version \(archive.version) is not supported"))
        }
        return archive
    }
}
