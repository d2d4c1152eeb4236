import Logging

/// A window's lasting identity: it outlives its ``Scene``, which the system may disconnect and
/// reconnect, and keeps the activity to restore the scene with.
public final class SceneSession {
    /// The identifier that survives relaunches (`s1`, `s2`, …).
    public let persistentIdentifier: String
    /// The session's role.
    public let role: SceneSessionRole
    /// The configuration its scenes are built from.
    public let configuration: SceneConfiguration
    /// The activity saved when the scene last went away, used to rebuild it.
    public internal(set) var stateRestorationActivity: UserActivity?
    /// Small app-defined values kept with the session.
    public var userInfo: [String: String]
    /// The connected scene, if any.
    public internal(set) var scene: Scene?
    /// The state the scene was in when the state was last saved (restored at launch).
    var lastSavedState: SceneActivationState = .unattached
    private let logger = Logger(label: "strata.presentation.scenes")

    /// Creates a session.
    init(
        persistentIdentifier: String, configuration: SceneConfiguration,
        stateRestorationActivity: UserActivity? = nil, userInfo: [String: String] = [:]
    ) {
        self.persistentIdentifier = persistentIdentifier
        self.role = configuration.role
        self.configuration = configuration
        self.stateRestorationActivity = stateRestorationActivity
        self.userInfo = userInfo
    }

    deinit {
        logger.debug("deinit SceneSession")
    }

    /// The scene's state, `unattached` when no scene is connected.
    public var activationState: SceneActivationState { scene?.activationState ?? .unattached }

    /// The activity the scene shows now, else the one saved with the session.
    public var currentActivity: UserActivity? {
        scene.flatMap { $0.delegate.stateRestorationActivity(for: $0) } ?? stateRestorationActivity
    }
}
