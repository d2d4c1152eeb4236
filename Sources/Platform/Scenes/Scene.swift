import Logging

/// One connected window: its activation state and the delegate that hosts its view models.
public final class Scene {
    /// The identifier of the session this scene belongs to.
    public let sessionIdentifier: String
    /// The scene's delegate.
    public let delegate: any SceneDelegate
    /// Where the scene is in its lifecycle.
    public private(set) var activationState: SceneActivationState = .unattached
    private let logger = Logger(label: "strata.presentation.scenes")

    /// Creates an unattached scene for a session.
    init(sessionIdentifier: String, delegate: any SceneDelegate) {
        self.sessionIdentifier = sessionIdentifier
        self.delegate = delegate
    }

    deinit {
        logger.debug("deinit Scene")
    }

    /// Whether the scene shows its privacy cover instead of its content: its delegate says the
    /// content is sensitive (``SceneDelegate/isPrivacySensitive``) and the scene is in the
    /// background, where the app switcher's snapshot and anyone glancing at the device would see it.
    public var showsPrivacyCover: Bool {
        activationState == .background && delegate.isPrivacySensitive
    }

    /// Moves to `next` and tells the delegate; a move the lifecycle forbids throws and changes
    /// nothing.
    func move(to next: SceneActivationState) throws(SceneError) {
        let previous = activationState
        guard previous.canMove(to: next) else {
            throw .invalidTransition(session: sessionIdentifier, from: previous, to: next)
        }
        activationState = next
        switch (previous, next) {
        case (_, .foregroundActive): delegate.sceneDidBecomeActive(self)
        case (.foregroundActive, .foregroundInactive): delegate.sceneWillResignActive(self)
        case (_, .foregroundInactive): delegate.sceneWillEnterForeground(self)
        case (_, .background): delegate.sceneDidEnterBackground(self)
        case (_, .unattached): delegate.sceneDidDisconnect(self)
        }
    }
}
