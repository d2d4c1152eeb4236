import Foundation
import Platform
import Presentation
import Scenes
import TestSupport
import Testing

@Suite("SceneApplication")
struct SceneApplicationTests {
    let store = InMemorySceneStateStore()

    func application() -> (SceneApplication, RecordingSceneAppDelegate) {
        SceneLifecycleTests.application(store: store)
    }

    @Test func activatingTheSameContentTwiceReusesItsSession() async throws {
        let (application, appDelegate) = application()
        let edit = UserActivity.documentEdit(
            DocumentEditActivity.opening(42))
        let first = try await application.requestSceneSessionActivation(nil, userActivity: edit)
        _ = try await application.requestSceneSessionActivation(nil, userActivity: .userProfile(.init(userId: 1)))
        let again = try await application.requestSceneSessionActivation(nil, userActivity: edit)
        #expect(again === first)
        #expect(application.openSessions.map(\.persistentIdentifier) == ["s1", "s2"])
        #expect(application.activeSession === first)
        #expect(appDelegate.delegates.first?.events.contains("continue") == true)
        #expect(first.configuration == StrataSceneAppDelegate.editorConfiguration)
    }

    @Test func newDocumentsHaveNoTargetSoEachGetsItsOwnSession() async throws {
        let (application, _) = application()
        let new = UserActivity.documentEdit(
            DocumentEditActivity.opening(nil))
        let first = try await application.requestSceneSessionActivation(nil, userActivity: new)
        let second = try await application.requestSceneSessionActivation(nil, userActivity: new)
        #expect(first !== second)
        #expect(application.openSessions.count == 2)
    }

    @Test func aDisconnectedSessionIsReusedAndReconnectsWithItsSavedActivity() async throws {
        let (application, appDelegate) = application()
        let list = UserActivity.documentList(DocumentListActivity(query: "draft", scrollPosition: 3))
        let session = try await application.requestSceneSessionActivation(nil, userActivity: list)
        try application.disconnect(session)
        #expect(session.stateRestorationActivity == list)
        let reused = try await application.requestSceneSessionActivation(
            nil, userActivity: .documentList(DocumentListActivity(query: "", scrollPosition: 0)))
        #expect(reused === session && session.activationState == .foregroundActive)
        #expect(appDelegate.delegates.count == 2)
    }

    @Test func destroyingASessionDiscardsItAndItCannotBeActivatedAgain() async throws {
        let (application, appDelegate) = application()
        let session = try await application.requestSceneSessionActivation(
            nil, userActivity: .userProfile(.init(userId: 1)))
        try application.requestSceneSessionDestruction(session)
        #expect(application.openSessions.isEmpty)
        #expect(appDelegate.discarded == [["s1"]])
        #expect(appDelegate.delegates.first?.events.last == "didDisconnect")
        await #expect(throws: SceneError.destroyed("s1")) { try await application.activate(session) }
        #expect(throws: SceneError.noSuchSession("s9")) { try application.session("s9") }
        let archive = try #require(store.archive)
        #expect(!String(decoding: archive, as: UTF8.self).contains("User 1"))
    }

    @Test func anUnregisteredActivityTypeIsRefusedAndOpensNothing() async throws {
        struct Unknown: ActivityPayload {
            static let activityType = "com.example.unknown"
            static let schemaVersion = 1
        }
        let (application, _) = application()
        await #expect(throws: SceneError.unregisteredActivity("com.example.unknown")) {
            try await application.requestSceneSessionActivation(nil, userActivity: UserActivity(Unknown(), title: "?"))
        }
        #expect(application.openSessions.isEmpty)
    }

    @Test func refreshSavesTheSceneCurrentActivity() async throws {
        let (application, appDelegate) = application()
        let session = try await application.requestSceneSessionActivation(
            nil, userActivity: .userProfile(.init(userId: 1)))
        appDelegate.delegates.first?.activity = .userProfile(.init(userId: 5))
        try application.requestSceneSessionRefresh(session)
        #expect(session.stateRestorationActivity == .userProfile(.init(userId: 5)))
        try application.disconnect(session)
        #expect(throws: SceneError.notConnected("s1")) { try application.requestSceneSessionRefresh(session) }
    }

    @Test func aFailedSaveIsReported() async throws {
        let (application, _) = application()
        _ = try await application.requestSceneSessionActivation(nil, userActivity: .userProfile(.init(userId: 1)))
        store.setFailSaves(true)
        let error = #expect(throws: SceneError.saveFailed("disk full (simulated)")) {
            try application.saveState()
        }
        // The store's reason, said once
        #expect(error?.localizedDescription == "The window state could not be saved: disk full (simulated)")
    }

    @Test func launchRestoresSessionsAndReconnectsTheForegroundOnes() async throws {
        // Given three sessions: one active, one in the background, one disconnected
        do {
            let (application, _) = application()
            let first = try await application.requestSceneSessionActivation(
                nil, userActivity: .userProfile(.init(userId: 1)))
            let second = try await application.requestSceneSessionActivation(
                nil, userActivity: .userProfile(.init(userId: 2)))
            let third = try await application.requestSceneSessionActivation(
                nil, userActivity: .userProfile(.init(userId: 3)))
            try application.moveToBackground(second)
            try application.moveToBackground(third)
            try application.disconnect(third)
            try await application.activate(first)
        }
        // When the app launches again over the same store
        let (application, appDelegate) = application()
        let report = await application.launch()
        // Then every session is back, the foreground one reconnected and active again
        #expect(report.restored == ["s1", "s2", "s3"] && report.warnings.isEmpty)
        #expect(application.openSessions.map(\.activationState) == [.foregroundActive, .unattached, .unattached])
        #expect(appDelegate.delegates.map(\.activity) == [.userProfile(.init(userId: 1))])
        #expect(application.openSessions.map(\.stateRestorationActivity?.title) == ["User 1", "User 2", "User 3"])
        let next = try await application.requestSceneSessionActivation(
            nil, userActivity: .userProfile(.init(userId: 4)))
        #expect(next.persistentIdentifier == "s4")
    }

    @Test func sessionsDestroyedWhileNotRunningAreDiscardedAtLaunch() async throws {
        do {
            let (application, _) = application()
            _ = try await application.requestSceneSessionActivation(nil, userActivity: .userProfile(.init(userId: 1)))
            _ = try await application.requestSceneSessionActivation(nil, userActivity: .userProfile(.init(userId: 2)))
        }
        let (application, appDelegate) = application()
        let report = await application.launch(discarding: ["s1"])
        #expect(report.discarded == ["s1"] && appDelegate.discarded == [["s1"]])
        #expect(application.openSessions.map(\.persistentIdentifier) == ["s2"])
        #expect(throws: SceneError.destroyed("s1")) { try application.session("s1") }
    }

    @Test(arguments: [Data("{\"version\":1,\"sess".utf8), Data([0xFF, 0x00, 0x13]), Data("{\"version\":99}".utf8)])
    func aDamagedArchiveIsSetAsideAndTheAppStartsFresh(archive: Data) async throws {
        let store = InMemorySceneStateStore(archive: archive)
        let (application, _) = SceneLifecycleTests.application(store: store)
        let report = await application.launch()
        #expect(report.warnings.count == 1)
        #expect(application.openSessions.isEmpty)
        #expect(store.quarantined == archive && store.archive == nil)
        let session = try await application.requestSceneSessionActivation(
            nil, userActivity: .userProfile(.init(userId: 1)))
        #expect(session.persistentIdentifier == "s1")
    }

    @Test func applicationAndScenesAreReleased() async throws {
        weak var weakApplication: SceneApplication?
        weak var weakSession: SceneSession?
        do {
            let (application, _) = application()
            weakApplication = application
            weakSession = try await application.requestSceneSessionActivation(
                nil, userActivity: .userProfile(.init(userId: 1)))
        }
        #expect(weakApplication == nil && weakSession == nil)
    }
}
