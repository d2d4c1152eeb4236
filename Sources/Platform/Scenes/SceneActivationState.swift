/// Where a scene is in its life, as UIKit names the states.
///
/// ```
/// unattached → foregroundInactive ⇄ foregroundActive
///                  ⇅
///              background → unattached (disconnected)
/// ```
nonisolated public enum SceneActivationState: String, Codable, Sendable, CaseIterable {
    /// Not connected: the session exists but no scene runs for it.
    case unattached
    /// On screen but not receiving input.
    case foregroundInactive
    /// On screen and receiving input.
    case foregroundActive
    /// Off screen; may be disconnected to reclaim memory.
    case background

    /// Whether the lifecycle allows going from this state straight to `next`.
    public func canMove(to next: SceneActivationState) -> Bool {
        switch (self, next) {
        case (.unattached, .foregroundInactive), (.unattached, .background),
            (.foregroundInactive, .foregroundActive), (.foregroundActive, .foregroundInactive),
            (.foregroundInactive, .background), (.background, .foregroundInactive),
            (.background, .unattached):
            true
        default:
            false
        }
    }

    /// Whether the scene is on screen.
    public var isForeground: Bool { self == .foregroundActive || self == .foregroundInactive }
}
