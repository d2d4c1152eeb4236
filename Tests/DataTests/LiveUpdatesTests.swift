import Clocks
import Foundation
import StrataData
import Synchronization
import TestSupport
import Testing

/// The live socket's client against a scripted transport, under a test clock.
@Suite("Live updates")
struct LiveUpdatesTests {
    /// A transport whose connections the test opens, feeds and closes.
    final class ScriptedTransport: LiveTransport, Sendable {
        private let state = Mutex<(failures: Int, opened: [AsyncThrowingStream<String, any Error>.Continuation])>(
            (0, []))

        /// The next `count` attempts fail.
        func failNext(_ count: Int) { state.withLock { $0.failures = count } }

        /// The connections opened so far.
        var opened: Int { state.withLock { $0.opened.count } }

        /// Sends `text` on the latest connection.
        func send(_ text: String) { _ = state.withLock { $0.opened.last }?.yield(text) }

        /// Closes the latest connection, as a server that went away.
        func drop() { state.withLock { $0.opened.last }?.finish() }

        func open(_ url: URL) async throws(LiveError) -> AsyncThrowingStream<String, any Error> {
            let failing = state.withLock { state in
                defer { state.failures = max(state.failures - 1, 0) }
                return state.failures > 0
            }
            if failing { throw .cannotConnect("connection refused") }
            let (stream, continuation) = AsyncThrowingStream.makeStream(of: String.self)
            state.withLock { $0.opened.append(continuation) }
            return stream
        }
    }

    /// Counts pulls; each waits until the test lets it finish.
    final class Puller: Sendable {
        let count = Mutex(0)
        /// The changes each pull was given.
        let given = Mutex<[[AnnouncedChange]]>([])
        let gate = Mutex<[CheckedContinuation<Void, Never>]>([])
        let held = Mutex(true)
        /// How many of the next pulls fail.
        let failing = Mutex(0)

        func pull(reaching version: Int, announced: [AnnouncedChange] = []) async -> Int? {
            count.withLock { $0 += 1 }
            given.withLock { $0.append(announced) }
            if held.withLock({ $0 }) {
                await withCheckedContinuation { continuation in gate.withLock { $0.append(continuation) } }
            }
            let fails = failing.withLock { failing in
                defer { failing = max(failing - 1, 0) }
                return failing > 0
            }
            return fails ? nil : version
        }

        func release() {
            held.withLock { $0 = false }
            for waiter in gate.withLock({ gate in
                defer { gate = [] }
                return gate
            }) { waiter.resume() }
        }
    }

    let clock = TestClock()
    let transport = ScriptedTransport()
    let puller = Puller()

    func live(reaching version: Int = 5) -> LiveUpdates {
        let puller = puller
        return LiveUpdates(
            url: URL(fileURLWithPath: "/live"), transport: transport,
            pull: { announced in await puller.pull(reaching: version, announced: announced) },
            pulls: { ["documents", "bookmarks"].contains($0) }, clock: clock, jitter: { 1 })
    }

    /// Lets the started tasks run; with a condition, until it holds (tests run side by side on a
    /// machine that may be loaded, and yielding a fixed number of times was once not enough).
    func settle(until condition: () async -> Bool = { true }) async {
        for _ in 0..<50 { await Task.yield() }
        _ = await eventually(condition)
        for _ in 0..<50 { await Task.yield() }  // and what follows it, such as a retry's sleep starting
    }

    /// Starts `live` and waits for its socket.
    func connected(_ live: LiveUpdates) async {
        await live.start()
        await settle { await live.status.connection == .connected }
    }

    static func change(_ version: Int) -> String {
        #"{"type":"change","collection":"documents","id":1,"version":\#(version),"deleted":false,"serverVersion":\#(version)}"#
    }

    /// The device's network came back: the socket opens now, not when the backoff's wait ends;
    /// a stopped socket (the app in the background) stays closed.
    @Test func aRestartConnectsAtOnceWithoutWaitingOutTheBackoff() async {
        let live = live()
        transport.failNext(1)
        await live.start()
        await settle {
            if case .reconnecting = await live.status.connection { true } else { false }
        }
        #expect(transport.opened == 0)
        await live.restart()
        await settle { await live.status.connection == .connected }
        #expect(await live.status.connection == .connected, "the test clock never moved")
        #expect(transport.opened == 1)
        await live.stop()
        await live.restart()
        await settle()
        #expect(await live.status.connection == .stopped && transport.opened == 1)
    }

    @Test func aBurstOfEventsCostsTwoPullsNotOneEach() async {
        let live = live()
        await connected(live)
        // Connected: the catch-up pull runs (and is held)
        #expect(await live.status.connection == .connected && puller.count.withLock { $0 } == 1)
        transport.send(#"{"type":"hello","versions":{"documents":3}}"#)
        for version in 4...8 { transport.send(Self.change(version)) }
        await settle { await live.status.events == 5 }
        // Five events while a pull runs ask for one more pull, not five
        puller.release()
        await live.settle()
        let status = await live.status
        #expect(status.events == 5 && status.pulls == 2 && puller.count.withLock { $0 } == 2)
        #expect(status.lastVersion == 8 && status.appliedVersion == 5)
        await live.stop()
    }

    @Test func aPullIsGivenTheChangesAnnouncedSinceTheLastInTheSocketsOrder() async {
        let live = live()
        await connected(live)
        transport.send(#"{"type":"hello","versions":{"documents":3}}"#)
        for version in 4...8 {
            // An event that does not say whether it deleted is not handed on, but keeps the order.
            transport.send(
                version == 6
                    ? #"{"type":"change","collection":"documents","id":1,"version":6,"serverVersion":6}"#
                    : Self.change(version))
        }
        transport.send(#"{"type":"change","collection":"users","id":1,"version":2,"deleted":false,"serverVersion":9}"#)
        await settle { await live.status.events == 6 }
        puller.release()
        await live.settle()
        func announced(_ version: Int, after: Int) -> AnnouncedChange {
            AnnouncedChange(
                collection: "documents", id: 1, version: version, deleted: false, after: after, serverVersion: version)
        }
        let given = puller.given.withLock { $0 }
        #expect(given.first == [], "the pull on connecting knows of no change")
        #expect(
            given.dropFirst().first
                == [announced(4, after: 3), announced(5, after: 4), announced(7, after: 6), announced(8, after: 7)])
        await live.stop()
    }

    @Test func aChangeToAFeatureThisDeviceHoldsStartsAPullAndOtherCollectionsDoNot() async {
        let live = live()
        await connected(live)
        puller.release()
        await live.settle()
        transport.send(#"{"type":"change","collection":"users","id":1,"version":2,"serverVersion":2}"#)
        await settle { await live.status.events == 1 }
        await live.settle()
        #expect(puller.count.withLock { $0 } == 1)
        transport.send(#"{"type":"change","collection":"bookmarks","id":1,"version":3,"serverVersion":3}"#)
        await settle { await live.status.events == 2 }
        await live.settle()
        // An event that does not say what it did is not handed on: the pull reads every change list
        #expect(puller.count.withLock { $0 } == 2 && puller.given.withLock { $0.last } == [])
        await live.stop()
    }

    @Test func everyCollectionsChangesAreHandedOnInTheirOwnOrder() async {
        let live = live()
        await connected(live)
        transport.send(#"{"type":"hello","versions":{"documents":3,"bookmarks":5,"users":9}}"#)
        transport.send(
            #"{"type":"change","collection":"bookmarks","id":2,"version":1,"deleted":false,"serverVersion":6}"#)
        transport.send(Self.change(4))
        transport.send(
            #"{"type":"change","collection":"bookmarks","id":2,"version":2,"deleted":true,"serverVersion":7}"#)
        await settle { await live.status.events == 3 }
        puller.release()
        await live.settle()
        // Each change follows its own collection's last number; collections not held count for nothing
        #expect(
            puller.given.withLock { $0.dropFirst().first } == [
                AnnouncedChange(collection: "bookmarks", id: 2, version: 1, deleted: false, after: 5, serverVersion: 6),
                AnnouncedChange(collection: "documents", id: 1, version: 4, deleted: false, after: 3, serverVersion: 4),
                AnnouncedChange(collection: "bookmarks", id: 2, version: 2, deleted: true, after: 6, serverVersion: 7),
            ])
        #expect(await live.status.lastVersion == 11)
        await live.stop()
    }

    @Test func aMessageThatIsNotAnEventIsSkippedAndTheNextOneStillCounts() async {
        puller.release()
        let live = live()
        await connected(live)
        for text in [#"{"type":"change","collection":"documents","id":"#, "not json", #"{"type":"gossip"}"#] {
            transport.send(text)
        }
        transport.send(Self.change(9))
        await settle { await live.status.events == 1 }
        let status = await live.status
        #expect(status.malformed == 3 && status.events == 1 && status.lastVersion == 9)
        #expect(status.connection == .connected)
        await live.stop()
    }

    @Test func afterADropItReconnectsWithGrowingDelaysAndPullsTheGap() async {
        puller.release()
        let live = live()
        await connected(live)
        // The server goes away, and refuses the next two attempts
        transport.failNext(2)
        transport.drop()
        await settle { await live.status.connection != .connected }
        #expect(
            await live.status.connection
                == .reconnecting(attempt: 1, retryIn: .milliseconds(250), reason: "the server closed the socket"))
        await clock.advance(by: .milliseconds(250))
        await settle { await live.status.connection.isReconnecting(attempt: 2, retryIn: .milliseconds(500)) }
        #expect(
            await live.status.connection
                == .reconnecting(
                    attempt: 2, retryIn: .milliseconds(500),
                    reason: "cannot open the live socket: connection refused"))
        await clock.advance(by: .milliseconds(499))
        await settle()
        #expect(transport.opened == 1)
        await clock.advance(by: .milliseconds(1))
        await settle { await live.status.connection.isReconnecting(attempt: 3, retryIn: .seconds(1)) }
        #expect(await live.status.connection.isReconnecting(attempt: 3, retryIn: .seconds(1)))
        await clock.advance(by: .seconds(1))
        await settle { await live.status.connection == .connected }
        // Back: connected again, counted, and a pull catches up with what was missed
        let status = await live.status
        #expect(status.connection == .connected && status.reconnects == 1 && transport.opened == 2)
        #expect(puller.count.withLock { $0 } == 2)
        await live.stop()
        #expect(await live.status.connection == .stopped)
    }

    @Test func aSocketThatDropsEverySecondIsReopenedEachTimeAndEachReopeningPulls() async {
        puller.release()
        let live = live()
        await connected(live)
        for round in 1...5 {
            // A second of a working socket, then the server drops it
            transport.send(Self.change(10 + round))
            await settle { await live.status.events == round }
            await clock.advance(by: .seconds(1))
            transport.drop()
            await settle { await live.status.connection != .connected }
            // The first retry after a working connection waits the initial delay, not a grown one
            #expect(await live.status.connection.isReconnecting(attempt: 1, retryIn: .milliseconds(250)))
            await clock.advance(by: .milliseconds(250))
            await settle { await live.status.connection == .connected }
            #expect(await live.status.connection == .connected && transport.opened == round + 1)
        }
        let status = await live.status
        // Every connection pulled (the first and five reopenings), and every event asked for one
        #expect(status.reconnects == 5 && status.events == 5 && status.lastVersion == 15)
        #expect(puller.count.withLock { $0 } >= 6)
        await live.stop()
    }

    @Test func aPullThatKeepsFailingIsRetriedWithGrowingDelaysUntilOneSucceeds() async {
        puller.release()
        puller.failing.withLock { $0 = 3 }
        let live = live()
        let pulls = { self.puller.count.withLock { $0 } }
        // Connecting pulls, and that pull fails: the retry waits the backoff's first delay
        await connected(live)
        await settle { await live.status.failedPulls == 1 }
        await clock.advance(by: .milliseconds(249))
        await settle()
        #expect(pulls() == 1)
        await clock.advance(by: .milliseconds(1))
        await settle { await live.status.failedPulls == 2 }
        // The second failure waits twice as long
        await clock.advance(by: .milliseconds(499))
        await settle()
        #expect(pulls() == 2)
        await clock.advance(by: .milliseconds(1))
        await settle { await live.status.failedPulls == 3 }
        await clock.advance(by: .seconds(1))
        await settle { pulls() == 4 }
        var status = await live.status
        #expect(pulls() == 4 && status.failedPulls == 3 && status.appliedVersion == 5)
        // After a pull that worked, the next failure waits the first delay again
        puller.failing.withLock { $0 = 1 }
        transport.send(Self.change(6))
        await settle { await live.status.failedPulls == 4 }
        await clock.advance(by: .milliseconds(250))
        await settle { pulls() == 6 }
        status = await live.status
        #expect(pulls() == 6 && status.failedPulls == 4)
        await live.stop()
    }

    @Test(arguments: [(1, 1.0, 250), (2, 1.0, 500), (3, 0.5, 500), (8, 1.0, 30_000), (40, 0.2, 15_000)])
    func theBackoffDoublesIsCappedAndJittered(attempt: Int, jitter: Double, milliseconds: Int) {
        #expect(LiveUpdates.Backoff().delay(attempt: attempt, jitter: jitter) == .milliseconds(milliseconds))
    }

    @Test func theSocketIsBesideTheAPI() {
        #expect(
            LiveUpdates.socketURL(for: URL(string: "http://127.0.0.1:8080")!)?.absoluteString
                == "ws://127.0.0.1:8080/live")
        #expect(
            LiveUpdates.socketURL(for: URL(string: "https://api.example/v1/")!)?.absoluteString
                == "wss://api.example/v1/live")
    }
}

extension LiveUpdates.Connection {
    /// Whether this is a retry numbered `attempt` due after `retryIn`, whatever the reason.
    func isReconnecting(attempt expected: Int, retryIn expectedDelay: Duration) -> Bool {
        if case .reconnecting(let attempt, let delay, _) = self {
            attempt == expected && delay == expectedDelay
        } else {
            false
        }
    }
}
