import Domain
public import Foundation
public import Platform
import Synchronization

/// A ``SceneStateStoreProtocol`` in memory, with switches to fail saves or hold a broken archive.
public final class InMemorySceneStateStore: SceneStateStoreProtocol {
    private struct Contents {
        var archive: Data?
        var quarantined: Data?
        var failSaves = false
        var saveCount = 0
    }

    private let contents: Mutex<Contents>

    /// Creates a store holding `archive`.
    public init(archive: Data? = nil) {
        contents = Mutex(Contents(archive: archive))
    }

    /// The archive saved last.
    public var archive: Data? { contents.withLock { $0.archive } }
    /// The archive moved aside by ``quarantine()``.
    public var quarantined: Data? { contents.withLock { $0.quarantined } }
    /// How many saves succeeded.
    public var saveCount: Int { contents.withLock { $0.saveCount } }

    /// Makes every following save fail (`true`) or work again (`false`).
    public func setFailSaves(_ fail: Bool) { contents.withLock { $0.failSaves = fail } }

    /// The archive saved last.
    public func load() throws(SceneStateError) -> Data? { archive }

    /// Keeps `archive`, unless saves are set to fail.
    public func save(_ archive: Data) throws(SceneStateError) {
        let failed = contents.withLock { contents -> Bool in
            guard !contents.failSaves else { return true }
            contents.archive = archive
            contents.saveCount += 1
            return false
        }
        if failed { throw .unwritable(reason: "disk full (simulated)") }
    }

    /// Moves the archive aside.
    public func quarantine() -> String {
        contents.withLock { contents in
            contents.quarantined = contents.archive
            contents.archive = nil
        }
        return "the saved window state could not be read (kept aside in memory); the app starts with no scenes"
    }
}
