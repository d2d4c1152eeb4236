import Clocks
import Platform
import Synchronization
import Testing

@Suite("Launch readiness")
@MainActor
struct LaunchReadinessTests {
    let clock = TestClock()

    @Test func workWaitsForItsLevelAndLateWorkRunsAtOnce() async {
        let readiness = LaunchReadiness(clock: clock)
        var ran: [String] = []
        await readiness.register("ui one", at: .uiReady) { ran.append("ui one") }
        await readiness.register("storage", at: .storageReady) { ran.append("storage") }
        await readiness.register("ui two", at: .uiReady) { ran.append("ui two") }
        #expect(ran.isEmpty)
        await clock.advance(by: .milliseconds(12))
        await readiness.reach(.storageReady)
        #expect(ran == ["storage"])
        await readiness.reach(.uiReady)
        #expect(ran == ["storage", "ui one", "ui two"])
        await readiness.register("late", at: .storageReady) { ran.append("late") }
        #expect(ran.last == "late")
        #expect(
            readiness.timeline.map(\.text) == [
                "storage ready", "ran: storage", "UI ready", "ran: ui one", "ran: ui two", "ran: late",
            ])
        #expect(readiness.timeline.first?.at == .milliseconds(12))
    }

    @Test func reachingUIReadyReachesStorageReadyFirst() async {
        let readiness = LaunchReadiness(clock: clock)
        var ran: [String] = []
        await readiness.register("storage", at: .storageReady) { ran.append("storage") }
        await readiness.reach(.uiReady)
        #expect(ran == ["storage"] && readiness.level == .uiReady)
        await readiness.reach(.storageReady)  // reached already: nothing runs twice
        #expect(readiness.timeline.map(\.text) == ["storage ready", "ran: storage", "UI ready"])
    }

    @Test func politeWorkStartsAfterUIReadyEachAfterItsOwnDelay() async {
        // An immediate clock: the delays are checked as computed, and the work as run after UI-ready
        // (a test clock would race the detached task's sleep against the test's advance).
        var fractions = [0.5, 0.1]
        let readiness = LaunchReadiness(clock: ImmediateClock(), window: .seconds(1)) { fractions.removeFirst() }
        let log = Mutex<[String]>([])
        var ran: [String] { log.withLock { $0 } }
        readiness.registerPolite("warm") { log.withLock { $0.append("warm") } }
        readiness.registerPolite("prune") { log.withLock { $0.append("prune") } }
        await readiness.reach(.storageReady)
        await readiness.settle()
        #expect(ran.isEmpty)  // nothing polite before UI-ready
        await readiness.reach(.uiReady)
        await readiness.settle()
        #expect(Set(ran) == ["warm", "prune"])
        let texts = readiness.timeline.map(\.text)
        #expect(texts.contains("deferred: warm (in 500 ms)") && texts.contains("deferred: prune (in 100 ms)"))
        #expect(texts.firstIndex(of: "UI ready") ?? 99 < texts.firstIndex(of: "deferred: warm (in 500 ms)") ?? 0)
    }
}
