public import Foundation

/// The app's sandbox on disk, laid out like an iOS data container.
///
/// `Documents/` holds what the user made, `Library/Application Support/` the database,
/// `Library/Caches/` what can be rebuilt, `Library/Preferences/` settings and history, `tmp/`
/// scratch files that are emptied at every launch.
nonisolated public struct AppContainer: Sendable {
    /// The container's root folder.
    public let root: URL

    /// Creates a container rooted at `root`; nothing is touched until ``prepare()``.
    public init(root: URL) {
        self.root = root
    }

    /// The default root of the app's container `folder` (one per bundle identifier, as iOS gives
    /// each app its own): `$XDG_DATA_HOME/FOLDER`, else `~/.local/share/FOLDER`.
    public static func defaultRoot(folder: String, environment: [String: String]) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent(folder)
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share").appendingPathComponent(folder)
    }

    /// User-visible documents.
    public var documents: URL { root.appendingPathComponent("Documents") }
    /// Files handed to the app by others, waiting to be imported.
    public var inbox: URL { documents.appendingPathComponent("Inbox") }
    /// Files the app needs that the user does not see: the database lives here.
    public var applicationSupport: URL { root.appendingPathComponent("Library/Application Support") }
    /// Files that can be rebuilt; may disappear at any time.
    public var caches: URL { root.appendingPathComponent("Library/Caches") }
    /// Settings and history.
    public var preferences: URL { root.appendingPathComponent("Library/Preferences") }
    /// The scene sessions' saved state, as iOS keeps it for the app.
    public var savedApplicationState: URL { root.appendingPathComponent("Library/Saved Application State") }
    /// `Library/Keychain/`: the secret store's folder (mode 0700), never backed up.
    public var keychain: URL { root.appendingPathComponent("Library/Keychain") }
    /// `Library/Signals/`: where the processes sharing the container signal each other's writes.
    public var signals: URL { root.appendingPathComponent("Library/Signals") }
    /// `Library/Preferences/.notifications.json`: the stand-in for what the system keeps about the
    /// app's notifications (the authorization and the device token); never backed up, since a
    /// restored device gets a token of its own.
    public var notificationState: URL { preferences.appendingPathComponent(".notifications.json") }
    /// Scratch space, emptied at launch.
    public var tmp: URL { root.appendingPathComponent("tmp") }
    /// The SQLite database file.
    public var databaseURL: URL { applicationSupport.appendingPathComponent("strata.sqlite") }

    /// Creates every folder and empties `tmp/`; the message names the folder that failed.
    public func prepare() throws(ContainerError) {
        for folder in [documents, inbox, applicationSupport, caches, preferences, savedApplicationState, tmp] {
            try create(folder)
        }
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? []
        for name in leftovers {
            try? FileManager.default.removeItem(at: tmp.appendingPathComponent(name))
        }
    }

    /// `Library/Caches/`, created again if something deleted it while the app runs.
    public func cachesDirectory() throws(ContainerError) -> URL {
        try create(caches)
        return caches
    }
}

/// Why the container could not be prepared.
nonisolated public enum ContainerError: Error, LocalizedError, Equatable {
    /// A folder could not be created.
    case cannotCreate(path: String, reason: String)

    /// A one-line description.
    public var errorDescription: String? {
        switch self {
        case .cannotCreate(let path, let reason): "cannot create '\(path)': \(reason)"
        }
    }
}

// MARK: - Private

nonisolated extension AppContainer {
    private func create(_ folder: URL) throws(ContainerError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: folder.path, reason: FileErrorReason.of(error))
        }
    }
}
