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
        let name: String
        do throws(SandboxError) {
            name = try context.sandbox.deliverToInbox(URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure(error)
        }
        return .text("Documents/Inbox/\(name)", json: JSONOutput.encode(AddedJSON(inbox: name)))
    }

    private static let list = Command(
        name: "inbox list", group: .files, summary: "List the files waiting in Documents/Inbox",
        examples: ["inbox list"]
    ) { context, _ throws(CommandFailure) in
        let names: [String]
        do throws(SandboxError) {
            names = try context.sandbox.inboxFiles()
        } catch {
            throw CommandFailure(error)
        }
        let text = names.isEmpty ? "The Inbox is empty." : names.joined(separator: "\n")
        return .text(text, json: JSONOutput.encode(ListJSON(files: names)))
    }
}
