import ShellKit
import StrataData
import Testing

@testable import repl

/// `cache clear`'s refusal when the database cannot be written.
@Suite("Cache controls")
struct CacheControlsTests {
    /// On a full disk `cache clear disk` printed the error's Swift description
    /// (`storage(StrataData.StorageError.failed("the disk is full"))`); it says why in words.
    @Test func aFailedClearSaysWhyInOneLine() {
        let failure = CacheControls.failure(.storage(.failed("the disk is full")))
        #expect(failure.message == "cannot clear the disk cache: storage failed: the disk is full")
    }
}
