import Platform
import Testing

@Suite("Application lifecycle")
@MainActor
struct ApplicationLifecycleTests {
    @Test func theStateFollowsTheEventsAndObserversHearThemAtOnceInOrder() {
        let lifecycle = ApplicationLifecycle()
        var heard: [ApplicationEvent] = []
        let observation = lifecycle.observe { heard.append($0) }
        #expect(lifecycle.state == .inactive)
        lifecycle.post(.didFinishLaunching)
        lifecycle.post(.didBecomeActive)
        #expect(lifecycle.state == .active)
        lifecycle.post(.didReceiveMemoryWarning)
        #expect(lifecycle.state == .active && heard.last == .didReceiveMemoryWarning)
        lifecycle.post(.willResignActive)
        lifecycle.post(.didEnterBackground)
        #expect(lifecycle.state == .background)
        #expect(
            heard == [
                .didFinishLaunching, .didBecomeActive, .didReceiveMemoryWarning, .willResignActive, .didEnterBackground,
            ])
        observation.cancel()
        lifecycle.post(.willTerminate)
        #expect(heard.count == 5, "a cancelled observation hears nothing more")
    }

    @Test func releasingAnObservationEndsIt() {
        let lifecycle = ApplicationLifecycle()
        var count = 0
        do {
            let observation = lifecycle.observe { _ in count += 1 }
            lifecycle.post(.didBecomeActive)
            withExtendedLifetime(observation) {}
        }
        lifecycle.post(.willResignActive)
        #expect(count == 1)
    }
}
