import Domain
import Foundation
import Platform
import Presentation
import ShellKit

/// `docs attach|attachments|download|uploads`: files attached to documents, uploaded as
/// `multipart/form-data` from a queue on disk (Docs/Attachments.md).
enum AttachmentCommands {
    /// Every attachment command, in help order.
    static var all: [Command] { [attach, attachments, download, uploads] }
}

extension CommandFailure {
    /// An attachment failure, in the shell's words.
    init(_ error: AttachmentError) {
        self.init(UserMessages.text(for: error))
    }
}

// MARK: - Private

extension AttachmentCommands {
    private static let idArgument = ArgumentSpec(name: "ID", completion: .source(.documentID))

    private static let attach = Command(
        name: "docs attach", group: .documents,
        summary: "Upload a file to a document (queued first, sent once)",
        arguments: [idArgument, ArgumentSpec(name: "FILE", completion: .file)],
        flags: [FlagSpec(name: "--name", valueName: "NAME", help: "The attachment's name (default: the file's)")],
        examples: ["docs attach 1 Docs/examples/notes.jsonl", "docs attach 1 Docs/examples/notes.jsonl --name n.jsonl"]
    ) { context, arguments throws(CommandFailure) in
        let id = try arguments.documentID()
        let file = URL(fileURLWithPath: try arguments.required("FILE"))
        let use = AttachFileUseCase(repository: context.services.attachments)
        switch await use.execute(file: file, as: arguments.flag("--name"), to: id) {
        case .success(.uploaded(let attachment)):
            return .text(
                "Attached \(attachment.name) (\(AttachmentOutput.size(attachment.size))) to document \(id).",
                json: JSONOutput.encode(AttachmentOutput.Attached(status: "uploaded", attachment: .init(attachment))))
        case .success(.queued(let upload, let reason)):
            return .text(
                "Queued \(upload.name) (\(AttachmentOutput.size(upload.size))) for document \(id): \(reason). "
                    + "It is sent again at the next launch ('docs uploads --resume' sends it now).",
                json: JSONOutput.encode(AttachmentOutput.Queued(upload, reason: reason)))
        case .failure(let error): throw CommandFailure(error)
        }
    }

    private static let attachments = Command(
        name: "docs attachments", group: .documents, summary: "List a document's attachments (from the server)",
        arguments: [idArgument], examples: ["docs attachments 1"]
    ) { context, arguments throws(CommandFailure) in
        let id = try arguments.documentID()
        switch await ListAttachmentsUseCase(repository: context.services.attachments).execute(document: id) {
        case .success(let list): return AttachmentOutput.list(list, document: id)
        case .failure(let error): throw CommandFailure(error)
        }
    }

    private static let download = Command(
        name: "docs download", group: .documents,
        summary: "Save an attachment into Documents/ (never over a file)",
        arguments: [idArgument, ArgumentSpec(name: "NAME")], examples: ["docs download 1 notes.jsonl"]
    ) { context, arguments throws(CommandFailure) in
        let id = try arguments.documentID()
        let name = try arguments.required("NAME")
        let use = DownloadAttachmentUseCase(repository: context.services.attachments)
        switch await use.execute(name: name, of: id) {
        case .success(let file):
            // Saved as the app saves its own files (an export too): never over one already there.
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
            let saved =
                "Documents/"
                + (try CommandFailure.sandbox { () throws(SandboxError) in
                    try context.sandbox.saveDocument(moving: file, named: name)
                })
            return .text(
                "Saved \(saved) (\(AttachmentOutput.size(size ?? 0))).",
                json: JSONOutput.encode(AttachmentOutput.Saved(saved: saved, size: size ?? 0)))
        case .failure(let error): throw CommandFailure(error)
        }
    }

    private static let uploads = Command(
        name: "docs uploads", group: .documents,
        summary: "Show the uploads waiting here; --resume sends them",
        flags: [FlagSpec(name: "--resume", help: "Send every waiting upload now")],
        examples: ["docs uploads", "docs uploads --resume"]
    ) { context, arguments throws(CommandFailure) in
        let repository = context.services.attachments
        if arguments.isSet("--resume") {
            // After the launch's own resumption, if it is running: its lines come first.
            let resumed = await repository.resumeUploads()
            await context.uploads.settled()
            return AttachmentOutput.resumption(resumed, launch: context.uploads.take())
        }
        do throws(AttachmentError) {
            return AttachmentOutput.queue(try repository.pendingUploads())
        } catch {
            throw CommandFailure(error)
        }
    }
}
