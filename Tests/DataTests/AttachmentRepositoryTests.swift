import DemoBackend
import Domain
import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// Attachments over real HTTP to the demo server, with the upload queue on disk.
@Suite("Attachments over HTTP")
struct AttachmentRepositoryTests {
    /// A repository on a fresh database and uploads folder, against a live server.
    struct Harness {
        let live: LiveBackend
        let folder: ScratchFolder
        let database: AppDatabase
        let repository: AttachmentRepositoryImpl

        static func start() async throws -> Harness {
            let live = try await LiveBackend.start()
            let folder = try ScratchFolder()
            let database = try AppDatabase.open(at: folder.url.appendingPathComponent("app.sqlite"))
            let repository = AttachmentRepositoryImpl(
                database: database, api: live.client, folder: folder.url.appendingPathComponent("Uploads"))
            return Harness(live: live, folder: folder, database: database, repository: repository)
        }

        /// A file of `size` pseudo-random bytes (every byte value, carriage returns included).
        func file(_ name: String, size: Int) throws -> URL {
            var generator = SeededGenerator(state: UInt64(size))
            let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let url = folder.url.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return url
        }

        /// The files waiting in the uploads folder.
        var queuedBodies: [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("Uploads").path))
                ?? []
        }
    }

    @Test func anUploadedFileIsListedAndDownloadsByteForByte() async throws {
        let harness = try await Harness.start()
        let source = try harness.file("scan.bin", size: 300_000)
        let outcome = try await harness.repository.attach(file: source, as: "scan.bin", to: 1)
        guard case .uploaded(let attachment) = outcome else {
            Issue.record("not uploaded: \(outcome)")
            return
        }
        #expect(attachment.name == "scan.bin" && attachment.size == 300_000 && attachment.documentID == 1)
        #expect(try await harness.repository.attachments(of: 1).map(\.name) == ["scan.bin"])
        let saved = try await harness.repository.download("scan.bin", of: 1)
        defer { try? FileManager.default.removeItem(at: saved) }
        #expect(try Data(contentsOf: saved) == Data(contentsOf: source))
        #expect(harness.queuedBodies.isEmpty)
        #expect(try harness.repository.pendingUploads().isEmpty)
    }

    @Test func anEmptyFileAndANameWithSpacesAndAccentsTravel() async throws {
        let harness = try await Harness.start()
        let source = try harness.file("empty", size: 0)
        _ = try await harness.repository.attach(file: source, as: "Résumé final \"v2\".txt", to: 2)
        let listed = try await harness.repository.attachments(of: 2)
        #expect(listed.map(\.name) == ["Résumé final \"v2\".txt"] && listed.map(\.size) == [0])
        let saved = try await harness.repository.download("Résumé final \"v2\".txt", of: 2)
        defer { try? FileManager.default.removeItem(at: saved) }
        #expect(try Data(contentsOf: saved).isEmpty)
    }

    @Test func theServerRefusalsAreTheirOwnErrorsAndLeaveNothingQueued() async throws {
        let harness = try await Harness.start()
        let source = try harness.file("a.txt", size: 10)
        _ = try await harness.repository.attach(file: source, as: "a.txt", to: 1)
        await #expect(throws: AttachmentError.alreadyAttached("a.txt")) {
            try await harness.repository.attach(file: source, as: "a.txt", to: 1)
        }
        await #expect(throws: AttachmentError.documentNotFound(999)) {
            try await harness.repository.attach(file: source, as: "a.txt", to: 999)
        }
        await #expect(throws: AttachmentError.attachmentNotFound("b.txt")) {
            try await harness.repository.download("b.txt", of: 1)
        }
        #expect(harness.queuedBodies.isEmpty)
        #expect(try await harness.repository.attachments(of: 1).count == 1)
    }

    @Test func aMissingFileOrAFolderIsRefusedBeforeAnythingIsQueued() async throws {
        let harness = try await Harness.start()
        let missing = harness.folder.url.appendingPathComponent("nope.txt")
        await #expect(throws: AttachmentError.fileMissing(path: missing.path)) {
            try await harness.repository.attach(file: missing, as: "nope.txt", to: 1)
        }
        await #expect(throws: AttachmentError.notAFile(path: harness.folder.url.path)) {
            try await harness.repository.attach(file: harness.folder.url, as: "folder", to: 1)
        }
        #expect(harness.queuedBodies.isEmpty)
        #expect(await harness.live.backend.requestCount() == 0)
    }

    /// A link sends the file it names (it was refused as a folder); a pipe or a device is no file.
    @Test func aLinkSendsItsFileAndAPipeOrADeviceIsRefused() async throws {
        let harness = try await Harness.start()
        let source = try harness.file("scan.bin", size: 1_000)
        let link = harness.folder.url.appendingPathComponent("link.bin")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: source)
        let outcome = try await harness.repository.attach(file: link, as: "linked.bin", to: 1)
        guard case .uploaded(let attachment) = outcome else {
            Issue.record("not uploaded: \(outcome)")
            return
        }
        #expect(attachment.size == 1_000)
        let pipe = harness.folder.url.appendingPathComponent("pipe")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        for special in [pipe, URL(fileURLWithPath: "/dev/zero")] {
            await #expect(throws: AttachmentError.notAFile(path: special.path)) {
                try await harness.repository.attach(file: special, as: "special", to: 1)
            }
        }
        #expect(harness.queuedBodies.isEmpty)
        #expect(try await harness.repository.attachments(of: 1).map(\.name) == ["linked.bin"])
    }

    @Test func aDocumentNotSentYetIsRefusedWithTheWayOut() async throws {
        let harness = try await Harness.start()
        let source = try harness.file("a.txt", size: 10)
        await #expect(throws: AttachmentError.notSentYet(-1)) {
            try await harness.repository.attach(file: source, as: "a.txt", to: -1)
        }
    }

    @Test func aFailedRequestReadsAsOneLineThatSaysItOnce() {
        // Each failure of the server's reads as its own sentence, not wrapped in another that
        // repeats it ("the server cannot be reached: the server cannot be reached")
        let lines = [RemoteError.offline, .timedOut, .unauthorized, .server(status: 503)].map {
            AttachmentRepositoryImpl.failure($0, document: 1, name: "a.txt").localizedDescription
        }
        #expect(
            lines == [
                "the server cannot be reached", "the server did not answer in time",
                "the server asks to sign in ('login NAME')", "server error (503)",
            ])
    }

    @Test func anUploadTheServerNeverAnsweredStaysQueuedAndIsSentOnceLater() async throws {
        let harness = try await Harness.start()
        let source = try harness.file("report.bin", size: 50_000)
        await harness.live.backend.stop()
        let outcome = try await harness.repository.attach(file: source, as: "report.bin", to: 1)
        guard case .queued(let upload, _) = outcome else {
            Issue.record("not queued: \(outcome)")
            return
        }
        #expect(upload.attempts == 1)
        try FileManager.default.removeItem(at: source)  // the queue holds its own copy
        try await harness.live.backend.start()
        let resumed = await harness.repository.resumeUploads()
        #expect(resumed.uploaded.map(\.name) == ["report.bin"] && resumed.stillQueued.isEmpty)
        #expect(try await harness.repository.attachments(of: 1).map(\.size) == [50_000])
        #expect(harness.queuedBodies.isEmpty)
    }

    /// Two processes on one home (the app and its extension) both resumed a queued upload, and
    /// both sent the whole body; the one that finds another process sending it leaves it queued.
    @Test func anUploadAnotherProcessIsSendingIsLeftToIt() async throws {
        let harness = try await Harness.start()
        let source = try harness.file("scan.bin", size: 40_000)
        await harness.live.backend.stop()
        guard case .queued(let upload, _) = try await harness.repository.attach(file: source, as: "scan.bin", to: 1)
        else {
            Issue.record("not queued")
            return
        }
        try await harness.live.backend.start()
        let body = harness.folder.url.appendingPathComponent("Uploads/\(try #require(harness.queuedBodies.first))")
        // Given another process sending it: it holds the lock on the queued body.
        let other = try #require(ProcessLock.tryHolding(existingFile: body.path))
        let meanwhile = await harness.repository.resumeUploads()
        #expect(meanwhile == UploadResumption(stillQueued: [upload]))
        #expect(await harness.live.backend.requestCount("POST /documents/:id/attachments") == 0)
        other.release()
        let resumed = await harness.repository.resumeUploads()
        #expect(resumed.uploaded.map(\.name) == ["scan.bin"])
        #expect(await harness.live.backend.requestCount("POST /documents/:id/attachments") == 1)
    }

    /// A resumption reads the queue, then another process sends an upload of it and settles it
    /// (its row and body go) before this one gets to it: it is not reported as a lost copy.
    @Test func anUploadAnotherProcessSettledMeanwhileIsNotReportedLost() async throws {
        let harness = try await Harness.start()
        let source = try harness.file("scan.bin", size: 10_000)
        await harness.live.backend.stop()
        _ = try await harness.repository.attach(file: source, as: "scan.bin", to: 1)
        let read = try #require(try harness.database.read { db in try PendingUploadRecord.fetchOne(db) })
        // The other process's settling, done under its lock
        _ = try harness.database.write { db in try read.delete(db) }
        try FileManager.default.removeItem(
            at: harness.folder.url.appendingPathComponent("Uploads/\(read.bodyFileName)"))
        guard case .settledElsewhere = await harness.repository.send(read, lock: nil) else {
            Issue.record("reported as something else than settled elsewhere")
            return
        }
    }

    @Test func anUploadWhoseAnswerWasLostIsResentUnderItsKeyAndStoredOnce() async throws {
        let harness = try await Harness.start()
        let source = try harness.file("report.bin", size: 20_000)
        await harness.live.backend.injectDroppedConnection()  // the server stores it; the answer is cut off
        let outcome = try await harness.repository.attach(file: source, as: "report.bin", to: 1)
        guard case .queued = outcome else {
            Issue.record("not queued: \(outcome)")
            return
        }
        let resumed = await harness.repository.resumeUploads()
        #expect(resumed.uploaded.map(\.name) == ["report.bin"])  // the first answer, replayed
        #expect(try await harness.repository.attachments(of: 1).map(\.name) == ["report.bin"])
        #expect(await harness.live.backend.requestCount("POST /documents/:id/attachments") == 2)
    }

    @Test func aBodyLeftWithoutItsRowByACrashIsRemovedAtTheNextResumptionButNotOneBeingWritten() async throws {
        let harness = try await Harness.start()
        let uploads = harness.folder.url.appendingPathComponent("Uploads")
        try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
        let orphan = uploads.appendingPathComponent("0000-orphan.multipart")
        let fresh = uploads.appendingPathComponent("0001-being-written.multipart")
        // A download a stop left staged, before its link into Documents/, goes the same way
        let staged = uploads.appendingPathComponent(AttachmentRepositoryImpl.stagedPrefix + "left")
        try Data("half".utf8).write(to: orphan)
        try Data("half".utf8).write(to: fresh)  // an attach (maybe another process's) writes it now
        try Data("whole".utf8).write(to: staged)
        for old in [orphan, staged] {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -7_200)], ofItemAtPath: old.path)
        }
        let resumed = await harness.repository.resumeUploads()
        #expect(resumed == UploadResumption())
        #expect(harness.queuedBodies == ["0001-being-written.multipart"])
    }
}
