import Domain
import Foundation
import Presentation
import ShellKit

/// How the attachment commands print, as text and as JSON.
enum AttachmentOutput {
    /// An attachment in JSON (the wire's field names).
    struct Item: Encodable {
        let document: Int
        let name: String
        let size: Int
        let addedAt: Date

        init(_ attachment: DocumentAttachment) {
            document = attachment.documentID.rawValue
            name = attachment.name
            size = attachment.size
            addedAt = attachment.addedAt
        }
    }

    /// `docs attach` when the server stored the file.
    struct Attached: Encodable {
        let status: String
        let attachment: Item
    }

    /// A waiting upload in JSON; `docs attach` when the file stayed queued.
    struct Queued: Encodable {
        var status = "queued"
        let document: Int
        let name: String
        let size: Int
        let attempts: Int
        let reason: String?

        init(_ upload: PendingUpload, reason: String?) {
            document = upload.documentID.rawValue
            name = upload.name
            size = upload.size
            attempts = upload.attempts
            self.reason = reason
        }
    }

    /// `docs download`.
    struct Saved: Encodable {
        let saved: String
        let size: Int
    }

    private struct ListJSON: Encodable {
        let attachments: [Item]
    }

    private struct QueueJSON: Encodable {
        let uploads: [Queued]
    }

    private struct Refused: Encodable {
        let document: Int
        let name: String
        let error: String
    }

    private struct ResumptionJSON: Encodable {
        let uploaded: [Item]
        let refused: [Refused]
        let waiting: [Queued]
    }

    /// A size for people: bytes, KB or MB (powers of 1000, as the Files app counts).
    nonisolated static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1_000: bytes == 1 ? "1 byte" : "\(bytes) bytes"
        case ..<1_000_000: String(format: "%.1f KB", Double(bytes) / 1_000)
        default: String(format: "%.1f MB", Double(bytes) / 1_000_000)
        }
    }

    /// `docs attachments ID`.
    static func list(_ attachments: [DocumentAttachment], document: Document.ID) -> CommandOutput {
        let json = JSONOutput.encode(ListJSON(attachments: attachments.map(Item.init)))
        guard !attachments.isEmpty else { return .text("Document \(document) has no attachments.", json: json) }
        let width = attachments.map(\.name.count).max() ?? 0
        let lines = attachments.map { attachment in
            attachment.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + size(attachment.size)
        }
        return .text(lines.joined(separator: "\n"), json: json)
    }

    /// `docs uploads`.
    static func queue(_ uploads: [PendingUpload]) -> CommandOutput {
        let json = JSONOutput.encode(QueueJSON(uploads: uploads.map { Queued($0, reason: nil) }))
        guard !uploads.isEmpty else { return .text("No uploads are waiting.", json: json) }
        return .text(uploads.map(line).joined(separator: "\n"), json: json)
    }

    /// `docs uploads --resume`, after the lines of the launch's resumption (`launch`).
    static func resumption(_ resumption: UploadResumption, launch: [String]) -> CommandOutput {
        let json = JSONOutput.encode(
            ResumptionJSON(
                uploaded: resumption.uploaded.map(Item.init),
                refused: resumption.refused.map {
                    Refused(
                        document: $0.upload.documentID.rawValue, name: $0.upload.name,
                        error: UserMessages.text(for: $0.error))
                },
                waiting: resumption.stillQueued.map { Queued($0, reason: nil) }))
        let lines = launch + report(resumption)
        return .text(lines.isEmpty ? "No uploads are waiting." : lines.joined(separator: "\n"), json: json)
    }

    /// One line per upload the resumption settled or left waiting.
    nonisolated static func report(_ resumption: UploadResumption) -> [String] {
        resumption.uploaded.map { "Uploaded \($0.name) (\(size($0.size))) to document \($0.documentID)." }
            + resumption.refused.map { "Dropped the upload of \($0.upload.name): \(UserMessages.text(for: $0.error))." }
            + resumption.stillQueued.map { "Still waiting: " + line($0) }
    }

    nonisolated private static func line(_ upload: PendingUpload) -> String {
        let attempts = upload.attempts == 1 ? "1 attempt" : "\(upload.attempts) attempts"
        return "\(upload.name) for document \(upload.documentID), \(size(upload.size)), \(attempts)"
    }
}
