import Foundation
import Logging

/// The app's scenes and sessions, playing the part UIKit's `UIApplication` plays: it connects,
/// activates, backgrounds, disconnects and destroys scenes, and saves every session's
/// restoration activity so the next launch can rebuild them.
public final class SceneApplication {
    /// The sessions that exist, oldest first, connected or not.
    public internal(set) var openSessions: [SceneSession] = []
    var destroyedIdentifiers: Set<String> = []
    var nextNumber = 1
    let delegate: any SceneApplicationDelegate
    let store: any SceneStateStoreProtocol
    let registry: ActivityRegistry
    let logger = Logger(label: "strata.presentation.scenes")

    /// Creates the application; nothing is read until ``launch(discarding:)``.
    public init(
        delegate: any SceneApplicationDelegate, store: any SceneStateStoreProtocol,
        registry: ActivityRegistry
    ) {
        self.delegate = delegate
        self.store = store
        self.registry = registry
    }

    deinit {
        logger.debug("deinit SceneApplication")
    }

    /// The session whose scene receives input, if any.
    public var activeSession: SceneSession? {
        openSessions.first { $0.activationState == .foregroundActive }
    }

    /// The open session `identifier`; a destroyed or unknown one throws.
    public func session(_ identifier: String) throws(SceneError) -> SceneSession {
        if let found = openSessions.first(where: { $0.persistentIdentifier == identifier }) { return found }
        throw destroyedIdentifiers.contains(identifier) ? .destroyed(identifier) : .noSuchSession(identifier)
    }

    /// Shows `userActivity` in a scene and makes it active: in `session` when given, else in the
    /// open session with the same ``UserActivity/targetContentIdentifier``, else in a new session.
    @discardableResult
    public func requestSceneSessionActivation(
        _ session: SceneSession?, userActivity: UserActivity?, options: SceneConnectionOptions = .init()
    ) async throws(SceneError) -> SceneSession {
        var options = options
        if let userActivity {
            guard registry.isRegistered(userActivity.activityType) else {
                throw .unregisteredActivity(userActivity.activityType)
            }
            options.userActivities.insert(userActivity, at: 0)
        }
        var target = userActivity.flatMap(sessionShowing)
        if let session { target = try self.session(session.persistentIdentifier) }
        if let target {
            if let scene = target.scene {
                if let userActivity { await scene.delegate.scene(scene, continue: userActivity) }
            } else {
                try await connect(target, options: options)
            }
            try makeActive(target)
            try saveState()
            return target
        }
        let created = SceneSession(
            persistentIdentifier: "s\(nextNumber)", configuration: delegate.configurationForConnecting(options))
        nextNumber += 1
        openSessions.append(created)
        try await connect(created, options: options)
        try makeActive(created)
        try saveState()
        return created
    }

    /// Destroys `session`: its scene disconnects, the session and its saved state are discarded,
    /// and the app delegate hears ``SceneApplicationDelegate/didDiscardSceneSessions(_:)``.
    public func requestSceneSessionDestruction(_ session: SceneSession) throws(SceneError) {
        let target = try self.session(session.persistentIdentifier)
        if let scene = target.scene { try walk(scene, to: .unattached) }
        target.scene = nil
        openSessions.removeAll { $0 === target }
        destroyedIdentifiers.insert(target.persistentIdentifier)
        delegate.didDiscardSceneSessions([target.persistentIdentifier])
        try saveState()
    }

    /// Asks the scene for a fresh restoration activity and saves it (UIKit refreshes the
    /// session's snapshot in the app switcher).
    public func requestSceneSessionRefresh(_ session: SceneSession) throws(SceneError) {
        let target = try self.session(session.persistentIdentifier)
        guard target.scene != nil else { throw .notConnected(target.persistentIdentifier) }
        try saveState()
    }

    /// Makes the session's scene the active one, reconnecting it if it was disconnected.
    public func activate(_ session: SceneSession) async throws(SceneError) {
        let target = try self.session(session.persistentIdentifier)
        if target.scene == nil { try await connect(target, options: .init()) }
        try makeActive(target)
        try saveState()
    }

    /// Sends the session's scene to the background (resigning active first when it has input).
    public func moveToBackground(_ session: SceneSession) throws(SceneError) {
        let target = try self.session(session.persistentIdentifier)
        guard let scene = target.scene else { throw .notConnected(target.persistentIdentifier) }
        if scene.activationState == .foregroundActive { try scene.move(to: .foregroundInactive) }
        try scene.move(to: .background)
        try saveState()
    }

    /// Brings the session's scene back on screen, reconnecting it from its saved activity when
    /// it was disconnected.
    public func moveToForeground(_ session: SceneSession) async throws(SceneError) {
        let target = try self.session(session.persistentIdentifier)
        if let scene = target.scene {
            try scene.move(to: .foregroundInactive)
        } else {
            try await connect(target, options: .init())
        }
        try saveState()
    }

    /// Releases the session's scene, as the system does to reclaim memory; the session stays
    /// and keeps the scene's restoration activity.
    public func disconnect(_ session: SceneSession) throws(SceneError) {
        let target = try self.session(session.persistentIdentifier)
        guard let scene = target.scene else { throw .notConnected(target.persistentIdentifier) }
        target.stateRestorationActivity = scene.delegate.stateRestorationActivity(for: scene)
        try walk(scene, to: .unattached)
        target.scene = nil
        try saveState()
    }

    /// Asks every connected scene for its restoration activity and saves all sessions.
    public func saveState() throws(SceneError) {
        var archive = SceneArchive(nextNumber: nextNumber, destroyed: destroyedIdentifiers.sorted())
        for session in openSessions {
            if let scene = session.scene {
                session.stateRestorationActivity = scene.delegate.stateRestorationActivity(for: scene)
            }
            session.lastSavedState = session.activationState
            archive.sessions.append(
                SceneArchive.Record(
                    persistentIdentifier: session.persistentIdentifier, configuration: session.configuration,
                    userInfo: session.userInfo, state: session.activationState,
                    activity: session.stateRestorationActivity))
        }
        do {
            try store.save(try archive.encoded())
        } catch SceneStateError.unwritable(let reason) {
            throw .saveFailed(reason)
        } catch {
            throw .saveFailed("\(error)")
        }
    }
}

// MARK: - Private

extension SceneApplication {
    /// The open session whose activity targets the same content as `activity`.
    private func sessionShowing(_ activity: UserActivity) -> SceneSession? {
        guard let target = activity.targetContentIdentifier else { return nil }
        return openSessions.first { $0.currentActivity?.targetContentIdentifier == target }
    }

    /// Connects a new scene to `session` and brings it on screen, inactive.
    func connect(_ session: SceneSession, options: SceneConnectionOptions) async throws(SceneError) {
        let scene = Scene(
            sessionIdentifier: session.persistentIdentifier,
            delegate: delegate.makeSceneDelegate(for: session.configuration))
        session.scene = scene
        await scene.delegate.scene(scene, willConnectTo: session, options: options)
        try scene.move(to: .foregroundInactive)
    }

    /// Makes `session`'s connected scene active; the scene active before resigns.
    private func makeActive(_ session: SceneSession) throws(SceneError) {
        guard let scene = session.scene else { throw .notConnected(session.persistentIdentifier) }
        if scene.activationState == .foregroundActive { return }
        if scene.activationState == .background { try scene.move(to: .foregroundInactive) }
        if let previous = activeSession?.scene { try previous.move(to: .foregroundInactive) }
        try scene.move(to: .foregroundActive)
    }

    /// Moves a scene along the lifecycle's path towards `unattached`, one legal step at a time.
    private func walk(_ scene: Scene, to goal: SceneActivationState) throws(SceneError) {
        while scene.activationState != goal {
            switch scene.activationState {
            case .foregroundActive: try scene.move(to: .foregroundInactive)
            case .foregroundInactive: try scene.move(to: .background)
            case .background: try scene.move(to: .unattached)
            case .unattached: return
            }
        }
    }
}
