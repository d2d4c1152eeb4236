import Domain
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("DocumentAttachment rules and use cases")
struct AttachmentUseCaseTests {
    /// Records what reached the repository.
    final class Recorder: AttachmentRepositoryProtocol {
        let calls = Mutex<[String]>([])
        static let added = Date(timeIntervalSince1970: 1_767_258_000)

        func attach(file: URL, as name: String, to document: Document.ID) async throws(AttachmentError)
            -> AttachOutcome
        {
            calls.withLock { $0.append("attach \(file.lastPathComponent) as \(name) to \(document)") }
            return .uploaded(DocumentAttachment(documentID: document, name: name, size: 1, addedAt: Self.added))
        }

        func attachments(of document: Document.ID) async throws(AttachmentError) -> [DocumentAttachment] {
            calls.withLock { $0.append("list \(document)") }
            throw .documentNotFound(document)
        }

        func download(_ name: String, of document: Document.ID) async throws(AttachmentError) -> URL {
            calls.withLock { $0.append("download \(name) of \(document)") }
            return URL(fileURLWithPath: "/tmp").appendingPathComponent(name)
        }

        func pendingUploads() throws(AttachmentError) -> [PendingUpload] { [] }

        func resumeUploads() async -> UploadResumption { UploadResumption() }
    }

    @Test(
        "A name that could climb out of a folder, hide or not be a file name is refused",
        arguments: [
            ("", "it is empty"), (".", "it names a folder"), ("..", "it names a folder"),
            ("../x", "it contains a path separator"), ("a/b", "it contains a path separator"),
            (#"a\b"#, "it contains a path separator"), ("line\nbreak", "it contains a control character"),
            (".profile", "it starts with a dot (hidden files are not attached)"),
            // A mark joins the `/`, `\` or `.` before it into one character; the file system still
            // reads the separator or the dot.
            ("a/\u{301}b", "it contains a path separator"), ("a\\\u{301}b", "it contains a path separator"),
            (".\u{301}profile", "it starts with a dot (hidden files are not attached)"),
            (" padded", "it starts or ends with white space"), ("padded ", "it starts or ends with white space"),
            (String(repeating: "é", count: 128), "it is longer than 255 bytes"),
        ])
    func refusedNames(name: String, reason: String) {
        #expect(AttachmentRules.check(name: name) == .invalidName(name, reason: reason))
    }

    @Test(arguments: ["report.pdf", "Résumé final \"v2\".txt", "a", String(repeating: "x", count: 255), "no-extension"])
    func acceptedNames(name: String) {
        #expect(AttachmentRules.check(name: name) == nil)
    }

    @Test func theSizeLimitIsOneGibibyte() {
        #expect(AttachmentRules.check(size: 1 << 30) == nil)
        #expect(AttachmentRules.check(size: (1 << 30) + 1) == .tooLarge(bytes: (1 << 30) + 1, limit: 1 << 30))
    }

    @Test func anAttachmentIsNamedAfterItsFileUnlessANameIsGiven() async {
        let repository = Recorder()
        let use = AttachFileUseCase(repository: repository)
        _ = await use.execute(file: URL(fileURLWithPath: "/tmp/scan.pdf"), to: 3)
        _ = await use.execute(file: URL(fileURLWithPath: "/tmp/scan.pdf"), as: "Contract.pdf", to: 3)
        #expect(
            repository.calls.withLock { $0 } == [
                "attach scan.pdf as scan.pdf to 3", "attach scan.pdf as Contract.pdf to 3",
            ])
    }

    @Test func aBadNameNeverReachesTheRepository() async {
        let repository = Recorder()
        let attached = await AttachFileUseCase(repository: repository).execute(
            file: URL(fileURLWithPath: "/tmp/scan.pdf"), as: "../scan.pdf", to: 3)
        #expect(attached.failure == .invalidName("../scan.pdf", reason: "it contains a path separator"))
        let downloaded = await DownloadAttachmentUseCase(repository: repository).execute(
            name: "../../etc/passwd", of: 3)
        #expect(downloaded.failure == .invalidName("../../etc/passwd", reason: "it contains a path separator"))
        #expect(repository.calls.withLock { $0 }.isEmpty)
    }

    @Test func theRepositorysFailureIsTheResult() async {
        let result = await ListAttachmentsUseCase(repository: Recorder()).execute(document: 7)
        #expect(result.failure == .documentNotFound(7))
        #expect(result.failure?.errorDescription == "Document 7 was not found", "as docs show says it")
    }
}
