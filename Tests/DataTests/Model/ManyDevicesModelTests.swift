import Foundation
import Testing

/// Two or three devices and one server, random schedules of online and offline edits (of documents
/// and of a feature's items, bookmarks, both on the one engine, under each device's policy, every
/// policy across the schedules), server edits, crashes, faults and syncs.
///
/// `STRATA_MODEL_SCHEDULES=5000` runs more, `STRATA_MODEL_FIRST=5000` skips the first ones (to
/// try new schedules without running the old ones again); `STRATA_MODEL_SEED=N` replays one. A
/// failing schedule prints its seed and its steps. One run takes about 5,000 schedules: each has a
/// server of its own, no two servers of a process share a port, and near 6,000 the ports the
/// kernel offers for a new server are all taken (the start fails with "the server socket has no
/// port").
@Suite("Many devices, randomly")
struct ManyDevicesModelTests {
    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["STRATA_MODEL_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = UInt64(max(1, environment["STRATA_MODEL_SCHEDULES"].flatMap(Int.init) ?? 200))
        let first = UInt64(max(0, environment["STRATA_MODEL_FIRST"].flatMap(Int.init) ?? 0))
        return (first..<first + count).map { 0x5EED_0000 + $0 }
    }()

    /// Schedules run two at a time: each has a server of its own, and a few hundred at once would
    /// take more threads than the system lends.
    @Test func afterAFinalSyncEveryDeviceEqualsTheServer() async throws {
        // Said before any schedule runs, so a run cut short still names what it ran.
        print(
            "model: \(Self.seeds.count) schedules, seeds \(Self.seeds.first ?? 0) to \(Self.seeds.last ?? 0) "
                + "(replay one with STRATA_MODEL_SEED=N)")
        var pending = Self.seeds[...]
        try await withThrowingTaskGroup(of: (UInt64, ModelSchedule.Outcome).self) { group in
            func startNext() {
                guard let seed = pending.popFirst() else { return }
                group.addTask { (seed, try await ModelSchedule(seed: seed, steps: 24).run()) }
            }
            startNext()
            startNext()
            while let (seed, outcome) = try await group.next() {
                #expect(
                    outcome.violations.isEmpty,
                    """
                    seed \(seed) (replay with STRATA_MODEL_SEED=\(seed)):
                    \(outcome.violations.joined(separator: "\n"))
                    steps:
                    \(outcome.log.joined(separator: "\n"))
                    """)
                startNext()
            }
        }
    }
}
