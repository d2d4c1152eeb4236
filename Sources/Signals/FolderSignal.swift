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
    /// This poster's part of its file name (the process id by default).
    public let identity: String
    private let watches = Mutex<[any DispatchSourceRead]>([])

    /// Creates the signal in `folder` (created if missing); `identity` tells this process's posts
    /// from the others'.
    public init(folder: URL, name: String, identity: String = String(getpid())) throws(SignalError) {
        self.folder = folder
        self.name = name
        self.identity = identity
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .unusableFolder(path: folder.path, reason: error.localizedDescription)
        }
    }

    deinit {
        for source in watches.withLock({ $0 }) { source.cancel() }
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

    /// Every post by another process from now on (several close together may arrive as one).
    public func observe() throws(SignalError) -> AsyncStream<Void> {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw .cannotObserve(reason: String(cString: strerror(errno))) }
        guard inotify_add_watch(descriptor, folder.path, UInt32(IN_CLOSE_WRITE)) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotObserve(reason: "\(folder.path): \(reason)")
        }
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: Self.queue)
        let prefix = name + "."
        let own = ownFile.lastPathComponent
        source.setEventHandler {
            if Self.drain(descriptor).contains(where: { $0.hasPrefix(prefix) && $0 != own }) {
                continuation.yield()
            }
        }
        source.setCancelHandler {
            close(descriptor)
            continuation.finish()
        }
        continuation.onTermination = { _ in source.cancel() }
        watches.withLock { $0.append(source) }
        source.resume()
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
    private static let queue = DispatchQueue(label: "strata.signals")

    private var ownFile: URL { folder.appendingPathComponent("\(name).\(identity)") }

    /// The names of the files the pending events are about.
    private static func drain(_ descriptor: Int32) -> [String] {
        var names: [String] = []
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            guard count > 0 else { return names }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + MemoryLayout<inotify_event>.size
                if event.len > 0 {
                    let bytes = UnsafeRawBufferPointer(start: buffer + nameStart, count: Int(event.len))
                    names.append(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))
                }
                offset = nameStart + Int(event.len)
            }
        }
    }
}
