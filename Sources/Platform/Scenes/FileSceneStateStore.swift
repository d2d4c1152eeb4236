public import Foundation

/// Keeps the scene archive in one file under `Library/Saved Application State/`.
///
/// A save writes a temporary file beside the archive, flushes it to disk and renames it over the
/// old one, then flushes the folder: rename is atomic, so a process killed at any instant leaves
/// the old archive or the new one.
nonisolated public struct FileSceneStateStore: SceneStateStoreProtocol {
    /// The archive file.
    public let file: URL

    /// Creates a store for the archive in `folder`.
    public init(folder: URL) {
        file = folder.appendingPathComponent(Constants.fileName)
    }

    /// The archive, or `nil` when there is none yet.
    public func load() throws(SceneStateError) -> Data? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw .unreadable(reason: FileErrorReason.of(error))
        }
    }

    /// Replaces the archive atomically (temporary file, `fsync`, `rename`, `fsync` of the folder).
    public func save(_ archive: Data) throws(SceneStateError) {
        let folder = file.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(Constants.fileName).\(getpid()).tmp")
        guard Self.writeDurably(archive, to: temporary.path) else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .unwritable(reason: reason)
        }
        guard rename(temporary.path, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .unwritable(reason: reason)
        }
        Self.syncFolder(folder.path)
    }

    /// Sets a broken archive aside as `sessions.json.damaged` (``DamagedFile``), so the next
    /// save starts afresh.
    public func quarantine() -> String {
        DamagedFile.setAside(file, holding: "the saved window state", then: "the app starts with no scenes")
    }
}

// MARK: - Private

nonisolated extension FileSceneStateStore {
    private enum Constants {
        static let fileName = "sessions.json"
        static let mode: mode_t = 0o600
    }

    private static func writeDurably(_ data: Data, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, Constants.mode)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return written && fsync(descriptor) == 0
    }

    private static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
