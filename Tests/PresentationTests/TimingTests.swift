import Clocks
import Presentation
import Testing

@Suite("Debouncer modes at exact ticks")
struct DebouncerTests {
    let clock = TestClock()

    @Test func lastOnlyWaitsForSilenceAndRunsTheLast() async {
        let debouncer = Debouncer(interval: .milliseconds(100), mode: .lastOnly, clock: clock)
        var fired: [String] = []
        debouncer.submit { fired.append("a") }
        await clock.advanceAndSettle(by: .milliseconds(60))
        debouncer.submit { fired.append("b") }
        await clock.advanceAndSettle(by: .milliseconds(99))
        #expect(fired.isEmpty)
        await clock.advanceAndSettle(by: .milliseconds(1))
        #expect(fired == ["b"])
        await clock.advanceAndSettle(by: .seconds(1))
        #expect(fired == ["b"])
    }

    @Test func firstLastFiresAtOnceThenAtMostOncePerIntervalEndingWithTheLast() async {
        let debouncer = Debouncer(interval: .milliseconds(100), mode: .firstLast, clock: clock)
        var fired: [Int] = []
        debouncer.submit { fired.append(1) }
        #expect(fired == [1])
        await clock.advanceAndSettle(by: .milliseconds(30))
        debouncer.submit { fired.append(2) }
        await clock.advanceAndSettle(by: .milliseconds(30))
        debouncer.submit { fired.append(3) }
        await clock.advanceAndSettle(by: .milliseconds(39))
        #expect(fired == [1])
        await clock.advanceAndSettle(by: .milliseconds(1))
        #expect(fired == [1, 3])
        // The delivery opened a new window: a submission now waits for its end.
        debouncer.submit { fired.append(4) }
        await clock.advanceAndSettle(by: .milliseconds(99))
        #expect(fired == [1, 3])
        await clock.advanceAndSettle(by: .milliseconds(1))
        #expect(fired == [1, 3, 4])
        // After a quiet window the next submission fires at once again.
        await clock.advanceAndSettle(by: .milliseconds(100))
        debouncer.submit { fired.append(5) }
        #expect(fired == [1, 3, 4, 5])
    }

    @Test func flushRunsTheQueuedActionNowAndOpensANewWindow() async {
        let debouncer = Debouncer(interval: .milliseconds(100), mode: .firstLast, clock: clock)
        var fired: [Int] = []
        debouncer.flush()  // nothing queued: nothing runs
        debouncer.submit { fired.append(1) }
        debouncer.submit { fired.append(2) }
        debouncer.flush()
        #expect(fired == [1, 2])
        // The flushed action opened a window: the next submission waits for its end
        debouncer.submit { fired.append(3) }
        await clock.advanceAndSettle(by: .milliseconds(99))
        #expect(fired == [1, 2])
        await clock.advanceAndSettle(by: .milliseconds(1))
        #expect(fired == [1, 2, 3])
    }

    @Test func cancelDropsTheQueuedAction() async {
        let debouncer = Debouncer(interval: .milliseconds(100), mode: .lastOnly, clock: clock)
        var fired = 0
        debouncer.submit { fired += 1 }
        debouncer.cancel()
        await clock.advanceAndSettle(by: .seconds(1))
        #expect(fired == 0 && !debouncer.isPending)
    }
}

@Suite("Adaptive update batcher")
struct UpdateBatcherTests {
    let clock = TestClock()

    @Test func aBurstIsCoalescedIntoOneBatchAtTheFastInterval() async {
        var batches: [[Int]] = []
        let batcher = UpdateBatcher<Int>(
            fastInterval: .milliseconds(50), slowInterval: .milliseconds(500), clock: clock
        ) {
            batches.append($0)
        }
        for change in [1, 2, 1, 3, 2] { batcher.submit(change) }
        await clock.advanceAndSettle(by: .milliseconds(49))
        #expect(batches.isEmpty)
        await clock.advanceAndSettle(by: .milliseconds(1))
        #expect(batches == [[1, 2, 3]])
        #expect(batcher.interval == .milliseconds(50))
    }

    @Test func aSlowConsumerGetsASlowerIntervalAndAFastOneGetsItBack() async {
        let clock = clock
        let consumer = SlowConsumer(cost: .milliseconds(275))
        let batcher = UpdateBatcher<String>(
            fastInterval: .milliseconds(50), slowInterval: .milliseconds(500), clock: clock
        ) {
            consumer.batches.append($0)
            // A consumer that takes no time must not suspend on the test clock at all.
            if consumer.cost > .zero { try? await clock.sleep(for: consumer.cost) }
        }
        batcher.submit("a")
        await clock.advanceAndSettle(by: .milliseconds(50))
        await clock.advanceAndSettle(by: .milliseconds(275))
        // Halfway between fast and slow: 275 ms behind → 275 ms interval.
        #expect(batcher.interval == .milliseconds(275))
        consumer.cost = .zero
        batcher.submit("b")
        await clock.advanceAndSettle(by: .milliseconds(274))
        #expect(consumer.batches == [["a"]])
        await clock.advanceAndSettle(by: .milliseconds(1))
        #expect(consumer.batches == [["a"], ["b"]])
        #expect(batcher.interval == .milliseconds(50))
    }

    @Test func theIntervalStaysWithinItsBounds() {
        let batcher = UpdateBatcher<Int>(
            fastInterval: .milliseconds(50), slowInterval: .milliseconds(500), clock: clock
        ) { _ in }
        #expect(batcher.adaptedInterval(consumerTook: .zero) == .milliseconds(50))
        #expect(batcher.adaptedInterval(consumerTook: .seconds(10)) == .milliseconds(500))
    }
}

/// A consumer whose handling time the test controls.
final class SlowConsumer {
    var cost: Duration
    var batches: [[String]] = []

    init(cost: Duration) {
        self.cost = cost
    }
}
