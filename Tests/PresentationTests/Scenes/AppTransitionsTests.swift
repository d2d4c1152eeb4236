import Clocks
import Domain
import Platform
import Presentation
import Scenes
import Synchronization
import TestSupport
import Testing

@Suite("App background, foreground and termination")
struct AppTransitionsTests {
    @Test func backgroundMovesEveryForegroundSceneThenSpendsTheBackgroundTime() async throws {
        // Given two scenes on screen, the second active, and an observer of the app's events
        let (scenes, appDelegate) = SceneLifecycleTests.application()
        let lifecycle = ApplicationLifecycle()
        lifecycle.post(.didBecomeActive)
        var heard: [ApplicationEvent] = []
        let observation = lifecycle.observe { heard.append($0) }
        let first = try await scenes.requestSceneSessionActivation(nil, userActivity: .userProfile(.init(userId: 1)))
        try await scenes.requestSceneSessionActivation(nil, userActivity: .userProfile(.init(userId: 2)))
        let transitions = AppTransitions(lifecycle: lifecycle, scenes: scenes, clock: TestClock())
        // When the app goes to the background with work to do
        let report = try await transitions.enterBackground { _ in .newData }
        // Then both scenes entered the background before the app said so, and the work ran
        #expect(report.scenes == ["s1", "s2"] && report.result == .newData)
        #expect(scenes.openSessions.allSatisfy { $0.activationState == .background })
        #expect(heard == [.willResignActive, .didEnterBackground] && lifecycle.state == .background)
        #expect(appDelegate.delegates[1].events.suffix(2) == ["willResignActive", "didEnterBackground"])
        // And a second background changes nothing
        await #expect(throws: AppTransitionError.alreadyInBackground) {
            try await transitions.enterBackground { _ in .noData }
        }
        // When it comes back, the same scenes return and the one active before is active again
        #expect(try await transitions.enterForeground() == ["s1", "s2"])
        #expect(scenes.activeSession?.persistentIdentifier == "s2")
        #expect(first.activationState == .foregroundInactive)
        #expect(heard.suffix(2) == [.willEnterForeground, .didBecomeActive] && lifecycle.state == .active)
        await #expect(throws: AppTransitionError.notInBackground) { try await transitions.enterForeground() }
        withExtendedLifetime(observation) {}
    }

    @Test func whenTheBackgroundTimeRunsOutTheWorkIsCancelled() async throws {
        let (scenes, _) = SceneLifecycleTests.application()
        let clock = TestClock()
        let transitions = AppTransitions(
            lifecycle: ApplicationLifecycle(), scenes: scenes, clock: clock, allowance: .seconds(30))
        let expired = Mutex(false)
        let finished = Mutex(false)
        let background = Task {
            try await transitions.enterBackground { task in
                task.setExpirationHandler { expired.withLock { $0 = true } }
                defer { finished.withLock { $0 = true } }
                do {
                    try await clock.sleep(for: .seconds(45))  // more than the allowance
                    return .newData
                } catch {
                    return .failed
                }
            }
        }
        // Time moves a second at a time until the work ends: it ends only when the allowance runs out.
        var waited = 0
        while !finished.withLock({ $0 }), waited < 120 {
            await clock.advance(by: .seconds(1))
            for _ in 0..<10 { await Task.yield() }
            waited += 1
        }
        let report = try await background.value
        #expect(report.result == .expired && expired.withLock { $0 })
        #expect(report.elapsed >= .seconds(30) && report.elapsed < .seconds(45))
    }

    @Test func aSensitiveSceneIsCoveredOnlyWhileInTheBackground() async throws {
        let (scenes, appDelegate) = SceneLifecycleTests.application()
        let session = try await scenes.requestSceneSessionActivation(nil, userActivity: .userProfile(.init(userId: 1)))
        let plain = try await scenes.requestSceneSessionActivation(nil, userActivity: .userProfile(.init(userId: 2)))
        appDelegate.delegates[0].isPrivacySensitive = true
        let transitions = AppTransitions(lifecycle: ApplicationLifecycle(), scenes: scenes, clock: TestClock())
        #expect(session.scene?.showsPrivacyCover == false)
        _ = try await transitions.enterBackground { _ in .noData }
        #expect(session.scene?.showsPrivacyCover == true)
        #expect(plain.scene?.showsPrivacyCover == false, "a delegate that is not sensitive shows its content")
        _ = try await transitions.enterForeground()
        #expect(session.scene?.showsPrivacyCover == false)
    }

    @Test func theStrataScenesAreSensitive() {
        let editor = DocumentEditorSceneDelegate(
            fetchDocument: .init(repository: FakeDocumentRepository()),
            createDocument: .init(repository: FakeDocumentRepository()),
            updateDocument: .init(repository: FakeDocumentRepository()),
            findConflict: .init(repository: FakeSyncRepository()))
        #expect(editor.isPrivacySensitive)
    }

    @Test func terminateSavesEverySessionOnceAndTellsObservers() async throws {
        let store = InMemorySceneStateStore()
        let (scenes, _) = SceneLifecycleTests.application(store: store)
        try await scenes.requestSceneSessionActivation(nil, userActivity: .userProfile(.init(userId: 1)))
        let lifecycle = ApplicationLifecycle()
        var heard: [ApplicationEvent] = []
        let observation = lifecycle.observe { heard.append($0) }
        let transitions = AppTransitions(lifecycle: lifecycle, scenes: scenes, clock: TestClock())
        let savesBefore = store.saveCount
        #expect(try transitions.terminate() == 1)
        #expect(try transitions.terminate() == 1)
        #expect(heard == [.willTerminate], "the second call does nothing")
        #expect(store.saveCount == savesBefore + 1)
        withExtendedLifetime(observation) {}
    }
}
