import Clocks
import Foundation
import Platform
import Synchronization
import TestSupport
import Testing

@Suite("Background refresh and silent pushes")
struct BackgroundTaskTests {
    @Test func aTaskRunsOncePerRequestAndReportsItsResult() async throws {
        let scheduler = BackgroundTaskScheduler(clock: TestClock())
        await scheduler.register("refresh", budget: .seconds(30)) { _ in .newData }
        await #expect(throws: BackgroundTaskError.notScheduled("refresh")) { try await scheduler.run("refresh") }
        try await scheduler.submit("refresh", earliestBeginDate: Date(timeIntervalSince1970: 100))
        #expect(await scheduler.request(for: "refresh")?.earliestBeginDate == Date(timeIntervalSince1970: 100))
        #expect(try await scheduler.run("refresh") == .newData)
        #expect(await scheduler.request(for: "refresh") == nil)
    }

    @Test func anUnregisteredIdentifierIsRefused() async {
        let scheduler = BackgroundTaskScheduler(clock: TestClock())
        await #expect(throws: BackgroundTaskError.notRegistered("nope")) {
            try await scheduler.submit("nope", earliestBeginDate: Date())
        }
    }

    @Test func whenTheBudgetRunsOutTheExpirationHandlerRunsAndTheWorkIsCancelled() async throws {
        let clock = TestClock()
        let scheduler = BackgroundTaskScheduler(clock: clock)
        let expired = Mutex(false)
        let sawCancellation = Mutex(false)
        await scheduler.register("refresh", budget: .seconds(30)) { task in
            task.setExpirationHandler { expired.withLock { $0 = true } }
            do {
                try await clock.sleep(for: .seconds(60))  // work that takes longer than the budget
                return .newData
            } catch {
                sawCancellation.withLock { $0 = true }
                return .failed
            }
        }
        try await scheduler.submit("refresh", earliestBeginDate: Date())
        let run = Task { try await scheduler.run("refresh") }
        await settle()  // let the run reach its sleeps before time moves
        await clock.advance(by: .seconds(29))
        await settle()
        #expect(!expired.withLock { $0 })
        await clock.advance(by: .seconds(1))
        await settle()
        #expect(try await run.value == .expired)
        #expect(expired.withLock { $0 } && sawCancellation.withLock { $0 })
    }

    @Test func moreThanThreeSilentPushesAnHourAreThrottled() async {
        let date = ManualDate()
        let fetches = Mutex(0)
        let handler = SilentPushHandler(clock: TestClock(), now: date.provider) { _ in
            fetches.withLock { $0 += 1 }
            return .noData
        }
        var results: [BackgroundTaskResult] = []
        for _ in 1...4 { results.append(await handler.receive()) }
        #expect(results == [.noData, .noData, .noData, .throttled])
        date.advance(seconds: 3600)
        #expect(await handler.receive() == .noData)
        #expect(fetches.withLock { $0 } == 4)
    }

    @Test func aSilentPushFetchHasABudgetToo() async {
        let clock = TestClock()
        let slowFetch: @Sendable (BackgroundTask) async -> BackgroundTaskResult = { _ in
            do {
                try await clock.sleep(for: .seconds(45))
                return .newData
            } catch {
                return .failed
            }
        }
        let handler = SilentPushHandler(clock: clock, now: { Date() }, fetch: slowFetch)
        let push = Task { await handler.receive() }
        await settle()
        await clock.advance(by: .seconds(30))
        #expect(await push.value == .expired)
    }

    @Test func aProcessingTaskWaitsForPowerAndAnUnmeteredNetworkAndRunsWhenTheDeviceMeetsThem() async throws {
        let scheduler = BackgroundTaskScheduler(clock: TestClock())
        let runs = Mutex(0)
        await scheduler.registerProcessing("maintenance", budget: .seconds(300), requirements: ProcessingRequirements())
        {
            _ in
            runs.withLock { $0 += 1 }
            return .noData
        }
        try await scheduler.submit("maintenance", earliestBeginDate: Date())
        // On battery the system refuses to run it, says what is missing, and keeps the request
        await #expect(throws: BackgroundTaskError.conditionsNotMet("maintenance", missing: ["external power"])) {
            try await scheduler.run("maintenance")
        }
        #expect(await scheduler.request(for: "maintenance") != nil)
        // Charging on a metered network is not enough either
        let cellular = await scheduler.deviceChanged(
            to: DeviceConditions(isCharging: true, network: .cellular), at: Date())
        #expect(cellular.isEmpty && runs.withLock { $0 } == 0)
        await #expect(throws: BackgroundTaskError.conditionsNotMet("maintenance", missing: ["an unmetered network"])) {
            try await scheduler.run("maintenance")
        }
        // Charging on Wi-Fi runs it once; the request is used up
        try await scheduler.submit("maintenance", earliestBeginDate: Date(timeIntervalSince1970: 1000))
        let early = await scheduler.deviceChanged(
            to: DeviceConditions(isCharging: true, network: .wifi), at: Date(timeIntervalSince1970: 999))
        #expect(early.isEmpty, "a request waits for its earliest begin date")
        let wifi = await scheduler.deviceChanged(
            to: DeviceConditions(isCharging: true, network: .wifi), at: Date(timeIntervalSince1970: 1000))
        #expect(wifi.map(\.identifier) == ["maintenance"] && wifi.map(\.result) == [.noData])
        let pending = await scheduler.request(for: "maintenance")
        #expect(runs.withLock { $0 } == 1 && pending == nil)
        #expect(await scheduler.deviceChanged(to: DeviceConditions(isCharging: true), at: Date()).isEmpty)
    }

    @Test func requirementsNameEverythingMissing() {
        let both = ProcessingRequirements()
        #expect(
            both.unmet(by: DeviceConditions(isCharging: false, network: .none)) == [
                "external power", "an unmetered network",
            ])
        #expect(
            ProcessingRequirements(externalPower: false, unmeteredNetwork: false).unmet(by: DeviceConditions()).isEmpty)
    }

    /// Gives started tasks time to reach their suspension points.
    func settle() async {
        for _ in 0..<50 { await Task.yield() }
    }
}
