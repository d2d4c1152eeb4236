public import Foundation

/// What the app may do with files in its container, by the platform's rules: others hand it files
/// through `Documents/Inbox/` (it may only read and delete them there), what the user should see
/// goes in `Documents/`, `Library/Caches/` may be emptied at any time, and a backup takes
/// `Documents/` and `Library/` except the caches, never `tmp/`, never a file marked excluded.
///
/// Every name given to it stays inside the container: `..`, absolute paths and symbolic links that
/// point out are refused.
nonisolated public protocol SandboxFileAccess: Sendable {
    /// Copies `source` into the Inbox as another app would; a name already there becomes
    /// `name-1.ext`, `name-2.ext`…; returns the name it got.
    func deliverToInbox(_ source: URL) throws(SandboxError) -> String
    /// The names of the files waiting in the Inbox, sorted.
    func inboxFiles() throws(SandboxError) -> [String]
    /// The Inbox file `name`, for reading.
    func inboxFile(named name: String) throws(SandboxError) -> URL
    /// Deletes the Inbox file `name` (once the app has taken what it needed).
    func removeInboxFile(named name: String) throws(SandboxError)
    /// The file at `path` when it names one in `Documents/`, written as the app prints it
    /// (`Documents/Groceries.json`): read in place, as a document picker opens the app's own files;
    /// `nil` when no file of the container's `Documents/` is there (a path that does not start with
    /// it, a folder, a `..` or a link leading out), so the path is read as given.
    func userDocument(at path: String) -> URL?
    /// Writes `contents` to `Documents/` under `name` (or `name 2.ext`… when taken); returns the name used.
    func exportDocument(_ contents: Data, named name: String) throws(SandboxError) -> String
    /// Moves `file` (a download, say) into `Documents/` under `name` (or `name 2.ext`… when
    /// taken); returns the name used. `file` is gone once this returns, moved or not.
    func saveDocument(moving file: URL, named name: String) throws(SandboxError) -> String
    /// Empties `Library/Caches/`, as the system may; returns how many files and bytes went.
    func purgeCaches() throws(SandboxError) -> (files: Int, bytes: Int)
    /// Writes `contents` at `path` under `Library/Caches/` (folders made as needed), replacing
    /// what was there: data the app can make again.
    func writeCache(_ contents: Data, at path: String) throws(SandboxError)
    /// The file at `path` under `Library/Caches/`, unless it was never written or was purged.
    func cache(at path: String) throws(SandboxError) -> Data?
    /// Marks a file (a path relative to the container) as left out of backups.
    func excludeFromBackup(_ path: String) throws(SandboxError)
    /// The files a backup would contain, as paths relative to the container, sorted.
    func backupManifest() throws(SandboxError) -> [String]
}

/// Why a file operation was refused; nothing was changed.
nonisolated public enum SandboxError: Error, LocalizedError, Equatable {
    /// The name would leave the container (or its folder).
    case outsideContainer(String)
    /// No such file in the place the operation looks.
    case notFound(String)
    /// A folder, a device or a pipe where a file was expected.
    case notAFile(String)
    /// The file system failed.
    case failed(String)

    /// A one-line description.
    public var errorDescription: String? {
        switch self {
        case .outsideContainer(let name): "'\(name)' is outside the app's container: give a name inside it"
        case .notFound(let name): "there is no file '\(name)'"
        case .notAFile(let name): "'\(name)' is not a file (a folder, a device or a pipe): hand over one file at a time"
        case .failed(let reason): reason
        }
    }
}

/// The sandbox rules over an ``AppContainer`` on disk.
nonisolated public struct AppSandbox: SandboxFileAccess {
    /// The container the rules apply to.
    public let container: AppContainer

    /// The rules over `container` (prepared by ``AppContainer/prepare()``).
    public init(container: AppContainer) {
        self.container = container
    }

    public func deliverToInbox(_ source: URL) throws(SandboxError) -> String {
        // The file a link names is what is handed over: a link copied as a link would point out of
        // the container. A device or a pipe is no file to copy (/dev/zero copied as empty, a pipe
        // blocked forever).
        let file = source.resolvingSymlinksInPath()
        guard FileManager.default.fileExists(atPath: file.path), FileManager.default.isReadableFile(atPath: file.path)
        else { throw .notFound(source.path) }
        let type = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.type] as? FileAttributeType
        guard type == .typeRegular else { throw .notAFile(source.path) }
        return try copy(into: container.inbox, named: source.lastPathComponent, numbering: .handedOver) { target in
            try FileManager.default.copyItem(at: file, to: target)
        }
    }

    public func inboxFiles() throws(SandboxError) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: container.inbox.path)) ?? []).sorted()
    }

    public func inboxFile(named name: String) throws(SandboxError) -> URL {
        let file = try inside(container.inbox, name)
        guard FileManager.default.fileExists(atPath: file.path) else { throw .notFound("Documents/Inbox/\(name)") }
        return file
    }

    public func removeInboxFile(named name: String) throws(SandboxError) {
        let file = try inboxFile(named: name)
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw .failed("cannot delete Documents/Inbox/\(name): \(FileErrorReason.of(error))")
        }
    }

    public func userDocument(at path: String) -> URL? {
        let folder = "Documents/"
        guard path.hasPrefix(folder), let file = try? inside(container.documents, String(path.dropFirst(folder.count)))
        else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue else {
            return nil
        }
        return file
    }

    public func exportDocument(_ contents: Data, named name: String) throws(SandboxError) -> String {
        try copy(into: container.documents, named: name, numbering: .copies) { target in
            try contents.write(to: target)
        }
    }

    public func saveDocument(moving file: URL, named name: String) throws(SandboxError) -> String {
        defer { try? FileManager.default.removeItem(at: file) }
        return try copy(into: container.documents, named: name, numbering: .copies) { target in
            try FileManager.default.moveItem(at: file, to: target)
        }
    }

    public func writeCache(_ contents: Data, at path: String) throws(SandboxError) {
        let target = try inside(container.caches, path)
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: target, options: .atomic)
        } catch {
            throw .failed("cannot write \(relative(target)): \(FileErrorReason.of(error))")
        }
    }

    public func cache(at path: String) throws(SandboxError) -> Data? {
        let file = try inside(container.caches, path)
        return try? Data(contentsOf: file)
    }

    public func purgeCaches() throws(SandboxError) -> (files: Int, bytes: Int) {
        let files = Self.files(under: container.caches)
        let bytes = files.reduce(0) { $0 + Self.size(of: $1) }
        for item in (try? FileManager.default.contentsOfDirectory(atPath: container.caches.path)) ?? [] {
            try? FileManager.default.removeItem(at: container.caches.appendingPathComponent(item))
        }
        return (files.count, bytes)
    }

    public func excludeFromBackup(_ path: String) throws(SandboxError) {
        let file = try inside(container.root, path)
        guard FileManager.default.fileExists(atPath: file.path) else { throw .notFound(path) }
        var excluded = Set(exclusions())
        excluded.insert(relative(file))
        let text = excluded.sorted().joined(separator: "\n") + "\n"
        do {
            try Data(text.utf8).write(to: exclusionList, options: .atomic)
        } catch {
            throw .failed("cannot record the exclusion: \(FileErrorReason.of(error))")
        }
    }

    public func backupManifest() throws(SandboxError) -> [String] {
        let excluded = Set(exclusions())
        let library = container.root.appendingPathComponent("Library")
        let files = Self.files(under: container.documents) + Self.files(under: library)
        return files.map(relative).filter { path in
            // Secrets stay on this device, as keychain items made "this device only" do; signals
            // between running processes mean nothing after a restore.
            !["Library/Caches/", "Library/Keychain/", "Library/Signals/"].contains { path.hasPrefix($0) }
                && path != "Library/Preferences/.notifications.json" && !excluded.contains(path)
        }.sorted()
    }
}

// MARK: - Private

nonisolated extension AppSandbox {
    /// Where the exclusions are kept: the stand-in for the `isExcludedFromBackup` resource value.
    private var exclusionList: URL { container.preferences.appendingPathComponent(".backup-exclusions") }

    private func exclusions() -> [String] {
        ((try? String(contentsOf: exclusionList, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// `name` inside `folder`, or a refusal when it would leave the container: a name with `..`,
    /// an absolute path, or one whose symbolic links resolve outside.
    private func inside(_ folder: URL, _ name: String) throws(SandboxError) -> URL {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !parts.contains(".."), !parts.contains("") else {
            throw .outsideContainer(name)
        }
        let candidate = folder.appendingPathComponent(name)
        let root = container.root.resolvingSymlinksInPath().path + "/"
        guard candidate.resolvingSymlinksInPath().path.hasPrefix(root) else { throw .outsideContainer(name) }
        return candidate
    }

    /// How a name already taken in a folder is numbered.
    private enum Numbering {
        /// `name-1.ext`, `name-2.ext`…: the system's, for files other apps hand over (the Inbox).
        case handedOver
        /// `name 2.ext`, `name 3.ext`…: the Files app's, for the copies the app saves itself.
        case copies

        /// The ending of the `attempt`th name tried after `name` itself was taken.
        func ending(_ attempt: Int, extension ext: String) -> String {
            let number = self == .handedOver ? "-\(attempt)" : " \(attempt + 1)"
            return number + (ext.isEmpty ? "" : ".\(ext)")
        }
    }

    /// Writes a file into `folder` under `name`, or a numbered name when taken.
    ///
    /// The file is written whole in `tmp/` first and linked into place only then, so `folder`
    /// never shows a partial file (a full disk, a crash); a failed write leaves nothing behind,
    /// and a file that appeared meanwhile under the same name is never replaced.
    private func copy(
        into folder: URL, named name: String, numbering: Numbering, _ write: (URL) throws -> Void
    ) throws(SandboxError) -> String {
        _ = try inside(folder, name)
        // By Unicode scalars: a mark after `/` makes one character of it, which the file system
        // still reads as a separator.
        guard !name.unicodeScalars.contains("/") else { throw .outsideContainer(name) }
        let temporary = container.tmp.appendingPathComponent(".partial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        do {
            try FileManager.default.createDirectory(at: container.tmp, withIntermediateDirectories: true)
            try write(temporary)
        } catch {
            throw .failed(
                "cannot write \(relative(folder.appendingPathComponent(name))): \(FileErrorReason.of(error))")
        }
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        for attempt in 0..<10_000 {
            // A file system's name holds 255 bytes: the base gives way to the number.
            let ending = numbering.ending(attempt, extension: ext)
            var kept = base
            while !kept.isEmpty && kept.utf8.count + ending.utf8.count > 255 { kept.removeLast() }
            let candidate = attempt == 0 ? name : kept + ending
            let target = folder.appendingPathComponent(candidate)
            // link(2) fails when the name is taken, where rename(2) would replace the file.
            if link(temporary.path, target.path) == 0 { return candidate }
            guard errno == EEXIST else {
                throw .failed("cannot write \(relative(target)): \(String(cString: strerror(errno)))")
            }
        }
        throw .failed("too many files named like \(name)")
    }

    private func relative(_ file: URL) -> String {
        let root = container.root.resolvingSymlinksInPath().path + "/"
        let path = file.resolvingSymlinksInPath().path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// Every regular file under `folder`.
    private static func files(under folder: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [])
        else { return [] }
        return walker.compactMap { $0 as? URL }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    private static func size(of file: URL) -> Int {
        (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }
}
