public import Domain
public import Foundation
import GRDB
import HTTPTypes
import Logging
import Synchronization

/// Attachments over the API, with uploads queued on disk.
///
/// An upload is first copied into the queue (its multipart body, a file in `uploads`, and a row
/// of `pending_upload`), then sent from there with an `Idempotency-Key` that stays the same on
/// every attempt: one the server does not answer (the network dropped, the app was killed) is
/// sent again by ``resumeUploads()`` at the next launch, and the server stores it once. Transfers
/// run to their own deadline (``transferBudget``), not a command's.
public final class AttachmentRepositoryImpl: AttachmentRepositoryProtocol {
    let database: AppDatabase
    let api: APIClient
    let folder: URL
    let now: @Sendable () -> Date
    let transferBudget: Duration
    /// The uploads being sent by this process, by key: one is never sent twice at once.
    private let sending = Mutex<Set<String>>([])
    private let resumptions = SerialRunner()
    let logger = Logger(label: "strata.data.attachments")

    /// Creates the repository; queued bodies live in `folder` (the app's
    /// `Library/Application Support/Uploads`), and each transfer may take `transferBudget`.
    public init(
        database: AppDatabase, api: APIClient, folder: URL, transferBudget: Duration = .seconds(600),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.api = api
        self.folder = folder
        self.transferBudget = transferBudget
        self.now = now
    }

    public func attach(file: URL, as name: String, to document: Document.ID) async throws(AttachmentError)
        -> AttachOutcome
    {
        let target = try serverID(of: document)
        _ = try MultipartBodyFile.check(source: file)  // before anything is written
        var record = PendingUploadRecord(
            key: UUID().uuidString.lowercased(), documentId: target.rawValue, name: name, size: 0,
            boundary: "strata-" + UUID().uuidString.lowercased(), createdAt: now().timeIntervalSince1970, attempts: 0)
        let body = folder.appendingPathComponent(record.bodyFileName)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .storage("cannot create '\(folder.path)'")
        }
        _ = claim(record.key)  // a resumption that finds its row leaves it to this task
        let lock: ProcessLock.Held?
        do {
            record.size = try MultipartBodyFile.write(
                copying: file, name: name, document: target.rawValue, boundary: record.boundary, to: body)
            // Locked before its row exists, so another process's resumption leaves it to this one.
            lock = ProcessLock.tryHolding(existingFile: body.path)
            try database.write { db in try record.insert(db) }
        } catch {
            release(record.key)
            try? FileManager.default.removeItem(at: body)
            throw error as? AttachmentError ?? .storage(error.localizedDescription)
        }
        switch await send(record, lock: lock) {
        case .stored(let attachment): return .uploaded(attachment)
        case .refused(let error): throw error
        case .unanswered(let reason, let upload): return .queued(upload, reason: reason)
        case .sendingElsewhere(let upload):
            return .queued(upload, reason: "another process on this device is sending it")
        case .settledElsewhere:
            throw .unreachable("another process on this device sent it: 'docs attachments \(document)' lists it")
        }
    }

    public func attachments(of document: Document.ID) async throws(AttachmentError) -> [DocumentAttachment] {
        let target = try serverID(of: document)
        do {
            let fetched = try await api.get("documents/\(target.rawValue)/attachments", as: AttachmentDTO.List.self)
            guard case .modified(let list, _) = fetched else { throw AttachmentError.refused("no list in the answer") }
            // An item the app cannot hold (a name another client got past the server) is left
            // out, not the whole list.
            return list.items.compactMap { dto in
                guard let attachment = try? dto.attachment() else {
                    logger.warning("skipped an attachment the app cannot use: '\(dto.name)'")
                    return nil
                }
                return attachment
            }
        } catch let error as AttachmentError {
            throw error
        } catch let error as RemoteError {
            throw Self.failure(error, document: document, name: nil)
        } catch {
            throw .unreachable("the server cannot be reached: \(error)")
        }
    }

    public func download(_ name: String, of document: Document.ID) async throws(AttachmentError) -> URL {
        let target = try serverID(of: document)
        let path = "documents/\(target.rawValue)/attachments/\(name)"
        let api = self.api
        let fetched = await OperationDeadline.run(within: transferBudget) { () async -> Result<URL, RemoteError> in
            await .catching { () async throws(RemoteError) in try await api.download(path) }
        }
        switch fetched {
        case .success(let file): return file
        case .failure(.notFound): throw .attachmentNotFound(name)
        case .failure(let error): throw Self.failure(error, document: document, name: name)
        }
    }

    public func pendingUploads() throws(AttachmentError) -> [PendingUpload] {
        do {
            return try database.read { db in
                try PendingUploadRecord.order(Column("created_at"), Column("key")).fetchAll(db)
            }.compactMap(\.upload)
        } catch {
            throw .storage(error.localizedDescription)
        }
    }

    public func resumeUploads() async -> UploadResumption {
        // One resumption at a time: a second one (the user's, while the launch's runs) waits and
        // finds what the first left.
        await resumptions.run { await self.resumeQueued() }
    }

    /// Marks an upload as being sent by this process; false when another task sends it already.
    func claim(_ key: String) -> Bool {
        sending.withLock { $0.insert(key).inserted }
    }

    /// Ends a claim.
    func release(_ key: String) {
        _ = sending.withLock { $0.remove(key) }
    }

    private func resumeQueued() async -> UploadResumption {
        removeOrphans()
        let records =
            (try? database.read { db in
                try PendingUploadRecord.order(Column("created_at"), Column("key")).fetchAll(db)
            }) ?? []
        var resumption = UploadResumption()
        // One another task of this process is sending is left to it (it reports it).
        for record in records where claim(record.key) {
            switch await send(record, lock: nil) {
            case .stored(let attachment): resumption.uploaded.append(attachment)
            case .refused(let error):
                if let upload = record.upload { resumption.refused.append(.init(upload: upload, error: error)) }
            // Being sent by another process, it is still waiting as far as this one knows.
            case .unanswered(_, let upload), .sendingElsewhere(let upload): resumption.stillQueued.append(upload)
            case .settledElsewhere: break
            }
        }
        return resumption
    }
}
