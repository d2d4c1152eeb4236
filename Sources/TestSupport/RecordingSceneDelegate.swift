public import Platform
import Presentation
import Scenes

/// A ``SceneDelegate`` that records every lifecycle call and shows whatever activity it was
/// given, for scene-application tests.
@MainActor
public final class RecordingSceneDelegate: SceneDelegate {
    /// The calls received, in order (`willConnect`, `didBecomeActive`, …).
    public private(set) var events: [String] = []
    /// The activity shown; returned as the restoration activity.
    public var activity: UserActivity?
    /// The options the scene connected with.
    public private(set) var connectionOptions: SceneConnectionOptions?
    /// Whether the scene's content is covered in the background (set by the test).
    public var isPrivacySensitive = false

    /// Creates a delegate showing nothing.
    public init() {}

    /// Shows the first requested activity, else the session's saved one.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) async {
        events.append("willConnect")
        connectionOptions = options
        activity = options.userActivities.first ?? session.stateRestorationActivity
    }

    /// Shows `activity`.
    public func scene(_ scene: Scene, continue activity: UserActivity) async {
        events.append("continue")
        self.activity = activity
    }

    /// Records the call.
    public func sceneDidBecomeActive(_ scene: Scene) { events.append("didBecomeActive") }
    /// Records the call.
    public func sceneWillResignActive(_ scene: Scene) { events.append("willResignActive") }
    /// Records the call.
    public func sceneWillEnterForeground(_ scene: Scene) { events.append("willEnterForeground") }
    /// Records the call.
    public func sceneDidEnterBackground(_ scene: Scene) { events.append("didEnterBackground") }
    /// Records the call.
    public func sceneDidDisconnect(_ scene: Scene) { events.append("didDisconnect") }

    /// The activity shown.
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? { activity }
}

/// A ``SceneApplicationDelegate`` that builds ``RecordingSceneDelegate``s and records discards;
/// editing activities get the "Document Editor" configuration, the rest the default one.
@MainActor
public final class RecordingSceneAppDelegate: SceneApplicationDelegate {
    /// Every scene delegate made, in order.
    public private(set) var delegates: [RecordingSceneDelegate] = []
    /// Each call to ``didDiscardSceneSessions(_:)``.
    public private(set) var discarded: [[String]] = []

    /// Creates the delegate.
    public init() {}

    /// The configuration Strata's own app delegate picks.
    public func configurationForConnecting(_ options: SceneConnectionOptions) -> SceneConfiguration {
        options.userActivities.first?.activityType == DocumentEditActivity.activityType
            ? StrataSceneAppDelegate.editorConfiguration : StrataSceneAppDelegate.defaultConfiguration
    }

    /// A new recording delegate.
    public func makeSceneDelegate(for configuration: SceneConfiguration) -> any SceneDelegate {
        let delegate = RecordingSceneDelegate()
        delegates.append(delegate)
        return delegate
    }

    /// Records the discard.
    public func didDiscardSceneSessions(_ identifiers: [String]) { discarded.append(identifiers) }
}
