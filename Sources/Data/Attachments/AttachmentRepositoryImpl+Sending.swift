import Domain
import Foundation
import GRDB
import HTTPTypes
import Logging
import Synchronization

extension AttachmentRepositoryImpl {
    /// What one attempt to send a queued upload came to.
    enum SendResult: Sendable {
        /// The server stored it (now, or on an earlier attempt whose answer was lost).
        case stored(DocumentAttachment)
        /// The server refused it for good; it left the queue.
        case refused(AttachmentError)
        /// No answer (or one that says try later): it stays queued.
        case unanswered(String, PendingUpload)
        /// Another process on the home (the app's extension) is sending it: it stays queued, and
        /// that process reports it.
        case sendingElsewhere(PendingUpload)
        /// Another process settled it since its row was read, and reported it.
        case settledElsewhere
    }

    /// Sends a queued upload once (with the API client's retries), and settles its row: gone when
    /// the server answered for good, one more attempt counted when it did not.
    ///
    /// The caller has claimed it in this process (``claim(_:)``); it is released here. Across
    /// processes, the one holding the lock on its body (`lock`, or taken here) sends it; another
    /// one leaves it, so the body is never sent twice at once.
    func send(_ record: PendingUploadRecord, lock: ProcessLock.Held?) async -> SendResult {
        var record = record
        defer { release(record.key) }
        let body = folder.appendingPathComponent(record.bodyFileName)
        guard let upload = record.upload else { return copyGone(record) }
        let lock = lock ?? ProcessLock.tryHolding(existingFile: body.path)
        defer { lock?.release() }
        // The row is read again under the lock: a process that settles an upload deletes its row
        // while it holds the lock, so a row still there is not settled.
        guard (try? database.read { db in try record.exists(db) }) ?? true else { return .settledElsewhere }
        if lock == nil && FileManager.default.fileExists(atPath: body.path) { return .sendingElsewhere(upload) }
        guard FileManager.default.fileExists(atPath: body.path) else { return copyGone(record) }
        let api = self.api
        let key = record.key
        let path = "documents/\(record.documentId)/attachments"
        let contentType = MultipartBodyFile.contentType(boundary: record.boundary)
        let sent = await OperationDeadline.run(within: transferBudget) {
            () async -> Result<AttachmentDTO, RemoteError> in
            await .catching { () async throws(RemoteError) in
                var headers = HTTPFields()
                if let name = HTTPField.Name("Idempotency-Key") { headers[name] = key }
                return try await api.upload(
                    path, file: body, contentType: contentType, headers: headers, retryable: true,
                    as: AttachmentDTO.self)
            }
        }
        switch sent {
        case .success(let dto):
            forget(record)
            do throws(AttachmentError) {
                return .stored(try dto.attachment())
            } catch {
                return .refused(error)
            }
        case .failure(let error):
            let failure = Self.failure(error, document: upload.documentID, name: record.name, size: record.size)
            if case .unreachable(let reason) = failure {
                record.attempts += 1
                _ = try? database.write { db in try record.update(db) }
                logger.info("upload of \(record.name) unanswered (\(reason)); it stays queued")
                return .unanswered(reason, record.upload ?? upload)
            }
            forget(record)
            return .refused(failure)
        }
    }

    /// The identifier the server knows `document` by (a document created on this device has one
    /// once it was sent).
    func serverID(of document: Document.ID) throws(AttachmentError) -> Document.ID {
        if document.isIssuedByServer { return document }
        let mapped = try? database.read { db in
            try Int.fetchOne(db, sql: "SELECT server_id FROM id_map WHERE local_id = ?", arguments: [document.rawValue])
        }
        guard let mapped, let id = Document.ID(rawValue: mapped) else {
            throw .notSentYet(document)
        }
        return id
    }

    /// The attachment error a failed request stands for; ``AttachmentError/unreachable(_:)``
    /// when trying again later may work.
    static func failure(_ error: RemoteError, document: Document.ID, name: String?, size: Int = 0) -> AttachmentError {
        switch error {
        case .notFound: .documentNotFound(document)
        case .conflict: .alreadyAttached(name ?? "")
        case .unexpectedStatus(413): .tooLarge(bytes: size, limit: AttachmentRules.maxFileBytes)
        case .unauthorized: .unreachable("the server asks to sign in ('login NAME')")
        case .badRequest, .forbidden, .gone, .unprocessable, .unexpectedStatus, .insecureURL:
            .refused(error.localizedDescription)
        case .offline, .timedOut, .server, .rateLimited, .retryLater, .cancelled, .invalidData:
            .unreachable(error.localizedDescription)
        }
    }

    /// How earlier builds named a download staged in the uploads' folder on its way into place;
    /// one a stop left behind is removed with the orphaned bodies.
    static let stagedPrefix = ".download-"

    /// Forgets an upload whose queued copy is gone: nothing is left to send.
    private func copyGone(_ record: PendingUploadRecord) -> SendResult {
        forget(record)
        return .refused(.storage("the queued copy of '\(record.name)' is gone; attach the file again"))
    }

    /// Removes a settled upload's row and body.
    private func forget(_ record: PendingUploadRecord) {
        _ = try? database.write { db in try record.delete(db) }
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(record.bodyFileName))
    }

    /// Removes bodies whose row was never written (the app stopped between the two), and
    /// downloads an earlier build's stop left staged.
    ///
    /// A body is being written right now by an attach (of this process or another one on the home)
    /// until its row exists, so only bodies an hour old or more count as left behind.
    func removeOrphans() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        let queued = try? database.read { db in try String.fetchAll(db, sql: "SELECT key FROM pending_upload") }
        let keys = Set(queued ?? [])
        let hourAgo = now().addingTimeInterval(-3_600)
        // A download an earlier build staged here and a crash left behind is not wanted.
        let leftOver = { (name: String) in
            name.hasPrefix(Self.stagedPrefix)
                || (name.hasSuffix(".multipart") && !keys.contains(String(name.dropLast(10))))
        }
        for name in names where leftOver(name) {
            let body = folder.appendingPathComponent(name)
            let modified = (try? manager.attributesOfItem(atPath: body.path))?[.modificationDate] as? Date
            if let modified, modified < hourAgo { try? manager.removeItem(at: body) }
        }
    }
}
