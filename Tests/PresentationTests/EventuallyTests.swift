import Synchronization
import TestSupport
import Testing

/// The test suites' one wait for changing state.
@Suite("eventually")
struct EventuallyTests {
    struct Refused: Error, Equatable {}

    @Test func itChecksUntilTheConditionHoldsAndNoMore() async {
        let checks = Mutex(0)
        let held = await eventually {
            checks.withLock {
                $0 += 1
                return $0 == 3
            }
        }
        #expect(held)
        #expect(checks.withLock { $0 } == 3)
    }

    @Test func aConditionThatThrowsEndsTheWaitWithItsError() async {
        let checks = Mutex(0)
        await #expect(throws: Refused()) {
            try await eventually {
                checks.withLock { $0 += 1 }
                throw Refused()
            }
        }
        #expect(checks.withLock { $0 } == 1)
    }

    @Test @MainActor func theConditionReadsTheCallersMainActorState() async {
        var seen = 0
        #expect(
            await eventually {
                seen += 1
                return seen == 2
            })
        #expect(seen == 2)
    }
}
