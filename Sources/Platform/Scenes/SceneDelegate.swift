import Foundation

/// Hosts one scene's view models and hears its lifecycle, as `UIWindowSceneDelegate`.
public protocol SceneDelegate: AnyObject {
    /// The scene is about to connect: build the view models from `options` (a new request) or
    /// else the session's ``SceneSession/stateRestorationActivity`` (a restoration).
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) async
    /// Activation reused this scene for `activity` (same target content).
    func scene(_ scene: Scene, continue activity: UserActivity) async
    /// The scene now receives input.
    func sceneDidBecomeActive(_ scene: Scene)
    /// The scene is about to stop receiving input.
    func sceneWillResignActive(_ scene: Scene)
    /// The scene is about to come on screen.
    func sceneWillEnterForeground(_ scene: Scene)
    /// The scene went off screen.
    func sceneDidEnterBackground(_ scene: Scene)
    /// The scene was released: drop what can be rebuilt, cancel running work.
    func sceneDidDisconnect(_ scene: Scene)
    /// The activity that rebuilds what the scene shows now, saved with its session.
    func stateRestorationActivity(for scene: Scene) -> UserActivity?
    /// Whether the content must be covered while the scene is in the background (the privacy
    /// cover); `false` unless the delegate says so.
    var isPrivacySensitive: Bool { get }
}

extension SceneDelegate {
    /// Not sensitive.
    public var isPrivacySensitive: Bool { false }

    /// Does nothing.
    public func scene(_ scene: Scene, continue activity: UserActivity) async {}
    /// Does nothing.
    public func sceneDidBecomeActive(_ scene: Scene) {}
    /// Does nothing.
    public func sceneWillResignActive(_ scene: Scene) {}
    /// Does nothing.
    public func sceneWillEnterForeground(_ scene: Scene) {}
    /// Does nothing.
    public func sceneDidEnterBackground(_ scene: Scene) {}
    /// Does nothing.
    public func sceneDidDisconnect(_ scene: Scene) {}
}

/// The app's side of scene management, as the scene parts of `UIApplicationDelegate`.
public protocol SceneApplicationDelegate: AnyObject {
    /// The configuration for a scene about to connect with `options`.
    func configurationForConnecting(_ options: SceneConnectionOptions) -> SceneConfiguration
    /// A new delegate for a scene of `configuration`.
    func makeSceneDelegate(for configuration: SceneConfiguration) -> any SceneDelegate
    /// Sessions were destroyed: free whatever the app kept for them.
    func didDiscardSceneSessions(_ identifiers: [String])
}
