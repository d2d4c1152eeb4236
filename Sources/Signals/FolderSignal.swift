// Dispatch sources are thread-safe but not marked Sendable on Linux.
@preconcurrency import Dispatch
public import Foundation
import Glibc
import Synchronization

/// A signal between processes that share a folder, as Darwin notifications are between an iOS
/// app and its extensions: it carries no data, only "something changed", and a process never
/// hears its own posts.
///
/// Each poster writes a file of its own in the folder (`<name>.<identity>`); observers learn of it
/// from the kernel (inotify), so nothing polls. Signals posted while nobody observes are not kept.
///
/// ```swift
/// let signal = FolderSignal(folder: appGroup.appendingPathComponent("Signals"), name: "database")
/// for await _ in signal.observe() { dropMemoryCaches() }
/// ```
public final class FolderSignal: Sendable {
    /// The folder the signal's files live in.
    public let folder: URL
    /// What the signal is about: its files are `<name>.<identity>`.
    public let name: String
    /// This poster's part of its file name (by default the process id and a random part, so two
    /// signals of one process hear each other, as two processes would).
    public let identity: String
    private let watches = Mutex<[FolderWatcher.Key]>([])

    /// Creates the signal in `folder` (created if missing); `identity` tells this poster's posts
    /// from the others'.
    public init(folder: URL, name: String, identity: String = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        throws(SignalError)
    {
        self.folder = folder
        self.name = name
        self.identity = identity
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            // Foundation's words for a file in the folder's place are "The operation could not be
            // completed. A file with the same name already exists."
            var isFolder: ObjCBool = false
            let isFile =
                FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && !isFolder.boolValue
            throw .unusableFolder(
                path: folder.path, reason: isFile ? "it is a file, not a folder" : error.localizedDescription)
        }
        removeDepartedPosters()
    }

    deinit {
        for key in watches.withLock({ $0 }) { FolderWatcher.shared.stopWatching(key) }
        unlink(ownFile.path)
    }

    /// Tells every other observer of the signal that something changed.
    public func post() throws(SignalError) {
        let descriptor = open(ownFile.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotPost(path: ownFile.path, reason: String(cString: strerror(errno))) }
        var byte: UInt8 = 0x0A
        _ = write(descriptor, &byte, 1)
        close(descriptor)  // observers hear the close of a file written to
    }

    /// Every post by another poster from now on (several close together may arrive as one).
    public func observe() throws(SignalError) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let prefix = name + "."
        let own = ownFile.lastPathComponent
        let key = try FolderWatcher.shared.watch(folder.path) { names in
            if names.contains(where: { $0.hasPrefix(prefix) && $0 != own }) { continuation.yield() }
        }
        continuation.onTermination = { _ in FolderWatcher.shared.stopWatching(key) }
        watches.withLock { $0.append(key) }
        return stream
    }
}

/// Why a signal cannot be used.
public enum SignalError: Error, Equatable, LocalizedError {
    /// The folder cannot be created.
    case unusableFolder(path: String, reason: String)
    /// The poster's file cannot be written.
    case cannotPost(path: String, reason: String)
    /// The kernel refused to watch the folder.
    case cannotObserve(reason: String)

    /// One line for the user.
    public var errorDescription: String? {
        switch self {
        case .unusableFolder(let path, let reason): "cannot use the signal folder '\(path)': \(reason)"
        case .cannotPost(let path, let reason): "cannot post the signal '\(path)': \(reason)"
        case .cannotObserve(let reason): "cannot watch for signals: \(reason)"
        }
    }
}

// MARK: - Private

extension FolderSignal {
    private var ownFile: URL { folder.appendingPathComponent("\(name).\(identity)") }

    /// Removes the files of posters whose process has ended.
    ///
    /// A process that exits (or is killed) never runs `deinit`, so without this every run of the
    /// app left a file behind. A file whose identity does not start with a process id is left alone.
    private func removeDepartedPosters() {
        let prefix = name + "."
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where file.hasPrefix(prefix) {
            let poster = file.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let pid = pid_t(poster), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder.appendingPathComponent(file).path)
        }
    }
}

/// The process's one inotify instance (the kernel allows a user 128), shared by every signal:
/// a watch per folder, and the names of the files closed in it handed to each of its observers.
private final class FolderWatcher: Sendable {
    /// One observer of one folder.
    struct Key: Hashable, Sendable {
        let descriptor: Int32
        let id: UInt64
    }

    private struct State {
        var descriptor: Int32 = -1
        var source: (any DispatchSourceRead)?
        var observers: [Int32: [UInt64: @Sendable ([String]) -> Void]] = [:]
        var nextID: UInt64 = 0
    }

    static let shared = FolderWatcher()
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "strata.signals")

    /// Calls `heard` with the names of the files closed after writing in `path`, until
    /// ``stopWatching(_:)``.
    func watch(_ path: String, _ heard: @escaping @Sendable ([String]) -> Void) throws(SignalError) -> Key {
        let result: Result<Key, SignalError> = state.withLock { state in
            if state.descriptor < 0 {
                let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
                guard descriptor >= 0 else { return .failure(.cannotObserve(reason: Self.reason())) }
                let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
                source.setEventHandler { [weak self] in self?.deliver() }
                source.resume()
                (state.descriptor, state.source) = (descriptor, source)
            }
            let watch = inotify_add_watch(state.descriptor, path, UInt32(IN_CLOSE_WRITE))
            guard watch >= 0 else { return .failure(.cannotObserve(reason: "\(path): \(Self.reason())")) }
            state.nextID += 1
            state.observers[watch, default: [:]][state.nextID] = heard
            return .success(Key(descriptor: watch, id: state.nextID))
        }
        return try result.get()
    }

    /// Stops calling the observer; the folder's watch goes with its last observer.
    func stopWatching(_ key: Key) {
        state.withLock { state in
            state.observers[key.descriptor]?[key.id] = nil
            if state.observers[key.descriptor]?.isEmpty == true {
                state.observers[key.descriptor] = nil
                inotify_rm_watch(state.descriptor, key.descriptor)
            }
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }

    /// Reads every pending event and hands each folder's file names to its observers.
    private func deliver() {
        let descriptor = state.withLock { $0.descriptor }
        var names: [Int32: [String]] = [:]
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + MemoryLayout<inotify_event>.size
                if event.len > 0 {
                    let bytes = UnsafeRawBufferPointer(start: buffer + nameStart, count: Int(event.len))
                    names[event.wd, default: []].append(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))
                }
                offset = nameStart + Int(event.len)
            }
        }
        for (watch, files) in names {
            for observer in state.withLock({ Array(($0.observers[watch] ?? [:]).values) }) { observer(files) }
        }
    }
}
