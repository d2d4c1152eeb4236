import Testing

@testable import StrataData

/// What a sync counts as pulled: the versions this process pushed come back once, and are not.
@Suite("Changes settled here")
struct SettledHereTests {
    @Test func aPushedVersionIsClaimedOnceAndADeletionToo() {
        let settled = SettledHere()
        settled.remember(versions: [(1, 2), (2, 5)], deleted: [7])
        #expect(settled.claim(versions: [(id: 1, version: 2), (id: 3, version: 1)], deleted: [7, 8]) == (1, 1))
        #expect(settled.claim(versions: [(id: 1, version: 2)], deleted: [7]) == (0, 0), "once")
        #expect(settled.claim(versions: [(id: 2, version: 5)], deleted: []) == (1, 0))
    }

    /// An older version waits for the pushed one; a newer one forgets it.
    ///
    /// A page asked for before the push settled carries the older version: the pushed one is still
    /// to come. A newer version changed elsewhere: the pushed one never comes.
    @Test func anOlderVersionWaitsAndANewerOneForgets() {
        let settled = SettledHere()
        settled.remember(versions: [(1, 2), (2, 2)], deleted: [])
        #expect(settled.claim(versions: [(id: 1, version: 1), (id: 2, version: 3)], deleted: []) == (0, 0))
        #expect(settled.claim(versions: [(id: 1, version: 2), (id: 2, version: 2)], deleted: []) == (1, 0))
    }
}
