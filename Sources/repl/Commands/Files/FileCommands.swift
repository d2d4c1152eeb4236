import Foundation
import Platform
import ShellKit

extension CommandGroup {
    /// Files other apps hand over.
    static let files = CommandGroup("Files")
}

/// `inbox …`: files handed to the app, as the system delivers them to `Documents/Inbox/`.
enum FileCommands {
    /// Every `inbox` command, in help order.
    static var all: [Command] { [add, list] }
}

extension CommandFailure {
    /// A sandbox refusal, in the shell's words.
    init(_ error: SandboxError) {
        self.init(error.errorDescription ?? "\(error)")
    }

    /// The result of a sandbox operation; its refusal becomes the failure the user reads.
    static func sandbox<Value>(_ work: () throws(SandboxError) -> Value) throws(CommandFailure) -> Value {
        do {
            return try work()
        } catch {
            throw CommandFailure(error)
        }
    }
}

// MARK: - Private

extension FileCommands {
    private struct AddedJSON: Encodable {
        let inbox: String
    }

    private struct ListJSON: Encodable {
        let files: [String]
    }

    private static let add = Command(
        name: "inbox add", group: .files,
        summary: "Hand a file to the app (copied into Documents/Inbox)",
        arguments: [ArgumentSpec(name: "FILE", completion: .file)], examples: ["inbox add Docs/examples/notes.jsonl"]
    ) { context, arguments throws(CommandFailure) in
        let path = try arguments.required("FILE")
        let name = try CommandFailure.sandbox { () throws(SandboxError) in
            try context.sandbox.deliverToInbox(URL(fileURLWithPath: path))
        }
        return .text("Documents/Inbox/\(name)", json: JSONOutput.encode(AddedJSON(inbox: name)))
    }

    private static let list = Command(
        name: "inbox list", group: .files, summary: "List the files waiting in Documents/Inbox",
        examples: ["inbox list"]
    ) { context, _ throws(CommandFailure) in
        let names = try CommandFailure.sandbox { () throws(SandboxError) in try context.sandbox.inboxFiles() }
        let text = names.isEmpty ? "The Inbox is empty." : names.joined(separator: "\n")
        return .text(text, json: JSONOutput.encode(ListJSON(files: names)))
    }
}
