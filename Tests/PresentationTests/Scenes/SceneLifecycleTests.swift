import Platform
import Presentation
import Scenes
import TestSupport
import Testing

@Suite("Scene lifecycle")
struct SceneLifecycleTests {
    /// Every move UIKit's lifecycle allows; everything else must be refused.
    nonisolated static let allowed: Set<[SceneActivationState]> = [
        [.unattached, .foregroundInactive], [.unattached, .background], [.foregroundInactive, .foregroundActive],
        [.foregroundActive, .foregroundInactive], [.foregroundInactive, .background],
        [.background, .foregroundInactive], [.background, .unattached],
    ]

    @Test(arguments: SceneActivationState.allCases, SceneActivationState.allCases)
    func onlyTheLifecycleMovesAreAllowed(from: SceneActivationState, to: SceneActivationState) {
        #expect(from.canMove(to: to) == Self.allowed.contains([from, to]))
    }

    @Test func aSceneWalksTheWholeLifecycleAndItsDelegateHearsEachStep() async throws {
        // Given a scene opened through the application
        let (application, appDelegate) = Self.application()
        let session = try await application.requestSceneSessionActivation(
            nil, userActivity: .userProfile(.init(userId: 1)))
        // When it goes to the background, comes back, goes away again and is disconnected
        try application.moveToBackground(session)
        try await application.moveToForeground(session)
        try application.moveToBackground(session)
        try application.disconnect(session)
        // Then the delegate heard every transition in order
        #expect(
            appDelegate.delegates.first?.events == [
                "willConnect", "willEnterForeground", "didBecomeActive", "willResignActive", "didEnterBackground",
                "willEnterForeground", "didEnterBackground", "didDisconnect",
            ])
        #expect(session.activationState == .unattached && session.scene == nil)
    }

    @Test func disconnectingAnUnattachedSceneIsAnErrorAndChangesNothing() async throws {
        let (application, _) = Self.application()
        let session = try await application.requestSceneSessionActivation(
            nil, userActivity: .userProfile(.init(userId: 1)))
        try application.disconnect(session)
        #expect(throws: SceneError.notConnected("s1")) { try application.disconnect(session) }
        #expect(throws: SceneError.notConnected("s1")) { try application.moveToBackground(session) }
        #expect(session.activationState == .unattached)
    }

    @Test func backgroundingABackgroundSceneIsAnInvalidTransition() async throws {
        let (application, _) = Self.application()
        let session = try await application.requestSceneSessionActivation(
            nil, userActivity: .userProfile(.init(userId: 1)))
        try application.moveToBackground(session)
        #expect(throws: SceneError.invalidTransition(session: "s1", from: .background, to: .background)) {
            try application.moveToBackground(session)
        }
        #expect(session.activationState == .background)
    }

    @Test func onlyOneSceneIsActiveAndActivatingAnotherResignsTheFirst() async throws {
        let (application, appDelegate) = Self.application()
        let first = try await application.requestSceneSessionActivation(
            nil, userActivity: .userProfile(.init(userId: 1)))
        let second = try await application.requestSceneSessionActivation(
            nil, userActivity: .userProfile(.init(userId: 2)))
        #expect(first.activationState == .foregroundInactive)
        #expect(second.activationState == .foregroundActive)
        #expect(application.activeSession === second)
        #expect(appDelegate.delegates.first?.events.last == "willResignActive")
        try await application.activate(first)
        #expect(application.activeSession === first && second.activationState == .foregroundInactive)
    }

    static func application(
        store: InMemorySceneStateStore = InMemorySceneStateStore()
    ) -> (SceneApplication, RecordingSceneAppDelegate) {
        let delegate = RecordingSceneAppDelegate()
        return (SceneApplication(delegate: delegate, store: store, registry: .strata), delegate)
    }
}
