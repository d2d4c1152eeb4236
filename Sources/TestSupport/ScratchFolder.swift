public import Foundation

/// A temporary folder, removed when the value goes away.
public final class ScratchFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates a new empty folder under the system's temporary directory.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
