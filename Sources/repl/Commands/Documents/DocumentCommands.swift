import Domain
import Foundation
import Platform
import Presentation
import ShellKit

extension CommandGroup {
    /// Reading and writing documents.
    static let documents = CommandGroup("Documents")
}

extension CompletionSource {
    /// Identifiers of the documents stored on this device.
    static let documentID = CompletionSource("document-id")
}

/// The `docs` commands; each renders the final state of a view model.
enum DocumentCommands {
    /// Every `docs` command, in help order.
    static var all: [Command] { [list, show, new, edit, delete, search, importFile, export] }
}

// MARK: - Private

extension DocumentCommands {
    private static let idArgument = ArgumentSpec(name: "ID", completion: .source(.documentID))

    private static let list = Command(
        name: "docs list", group: .documents, summary: "List documents, newest change first",
        flags: [ReadPolicyFlag.spec] + PageFlags.specs,
        examples: ["docs list", "docs list --policy network-first", "docs list --limit 2"]
    ) { context, arguments throws(CommandFailure) in
        if arguments.flag("--limit") != nil || arguments.flag("--after") != nil {
            return try await DocumentPageCommand.run(context, arguments)
        }
        return try await context.run {
            DocumentListViewModel(listDocuments: context.services.listDocuments)
        } start: {
            $0.load(policy: arguments.readPolicy)
        }
    }

    private static let show = Command(
        name: "docs show", group: .documents, summary: "Show one document", arguments: [idArgument],
        flags: [ReadPolicyFlag.spec], examples: ["docs show 1", "docs show 1 --policy local-only"]
    ) { context, arguments throws(CommandFailure) in
        let id = try arguments.documentID()
        return try await context.run {
            DocumentDetailViewModel(id: id, fetchDocument: context.services.fetchDocument)
        } start: {
            $0.load(policy: arguments.readPolicy)
        }
    }

    private static let new = Command(
        name: "docs new", group: .documents, summary: "Create a document",
        arguments: [ArgumentSpec(name: "TITLE", takesRest: true)],
        flags: [
            FlagSpec(name: "--body", valueName: "TEXT", help: "The body (empty when left out)"),
            FlagSpec(name: "--tag", valueName: "T", help: "Add a tag (repeatable, at most 20)", isRepeatable: true),
        ],
        examples: [#"docs new "Groceries" --body "milk, eggs" --tag home"#]
    ) { context, arguments throws(CommandFailure) in
        try await save(document: nil, context) { draft in
            draft.title = arguments.value("TITLE") ?? ""
            draft.body = arguments.flag("--body") ?? ""
            draft.tags = arguments.all("--tag")
        }
    }

    private static let edit = Command(
        name: "docs edit", group: .documents, summary: "Change a document's title, body or tags",
        arguments: [idArgument], flags: editFlags,
        examples: [#"docs edit 1 --title "Welcome, again""#]
    ) { context, arguments throws(CommandFailure) in
        let id = try arguments.documentID()
        let state = await context.present {
            DocumentDetailViewModel(id: id, fetchDocument: context.services.fetchDocument)
        } start: {
            $0.load(policy: .cacheFirst)
        }
        guard case .loaded(let document, _) = state else { return try state.commandOutput() }
        return try await save(document: document, context) { draft in
            if let title = arguments.flag("--title") { draft.title = title }
            if let body = arguments.flag("--body") { draft.body = body }
            if arguments.isSet("--tag") { draft.tags = arguments.all("--tag") }
        }
    }

    /// The flags of `docs edit`, each a field it changes.
    private static let editFlags = [
        FlagSpec(name: "--title", valueName: "T", help: "The new title"),
        FlagSpec(name: "--body", valueName: "TEXT", help: "The new body"),
        FlagSpec(name: "--tag", valueName: "T", help: "Replace the tags (repeatable)", isRepeatable: true),
    ]

    private static let delete = Command(
        name: "docs delete", group: .documents, summary: "Delete a document", arguments: [idArgument],
        examples: ["docs delete 3"]
    ) { context, arguments throws(CommandFailure) in
        let id = try arguments.documentID()
        try await context.services.deleteDocument.execute(id: id).mapError(CommandFailure.init).get()
        return .rendered(DeletedItemOutput(noun: "document", id: id.rawValue))
    }

    private static let search = Command(
        name: "docs search", group: .documents, summary: "Find documents by title, body or tag",
        arguments: [ArgumentSpec(name: "QUERY", takesRest: true)], flags: [ReadPolicyFlag.spec],
        examples: ["docs search rules"]
    ) { context, arguments throws(CommandFailure) in
        try await context.run {
            SearchViewModel(
                searchDocuments: context.services.searchDocuments, clock: context.clock, policy: arguments.readPolicy)
        } start: { viewModel in
            viewModel.type(arguments.value("QUERY") ?? "")
            return viewModel.searchNow()  // the Return key: no need to wait for the typing pause
        }
    }

    private static let importFile = Command(
        name: "docs import", group: .documents,
        summary: "Create documents from a JSON or JSON Lines file",
        arguments: [ArgumentSpec(name: "FILE", completion: .file)],
        examples: ["docs import Docs/examples/notes.jsonl", "docs import notes.jsonl"]
    ) { context, arguments throws(CommandFailure) in
        try await ItemFiles.importFile(context, arguments, noun: Noun.documents) { path throws(CommandFailure) in
            try ItemFiles.drafts(
                inFile: path, noun: Noun.documents, article: "a", fields: DocumentField.allCases.map(\.rawValue),
                draft: draft)
        } importing: {
            DocumentImportViewModel(importDocuments: context.services.importDocuments)
        }
    }

    private static let export = Command(
        name: "docs export", group: .documents,
        summary: "Write a document to a file in Documents/",
        arguments: [idArgument], examples: ["docs export 1"]
    ) { context, arguments throws(CommandFailure) in
        let id = try arguments.documentID()
        let document = try await context.services.fetchDocument.execute(id: id).mapError(CommandFailure.init).get()
        return try ItemFiles.export(
            context, contents: ExportFile.contents(document.value.fileRecord),
            named: ExportFile.name(for: document.value))
    }

    /// The draft a record of an import file describes, its fields by name (``Document/fieldValues``,
    /// which the export writes) read as the flags read them: a member left out or `null` is empty,
    /// but a record needs its title.
    static func draft(_ values: [String: RecordValue]) throws(CommandFailure) -> DocumentDraft {
        guard let title = values["title"] else { throw CommandFailure("missing title") }
        let tags = values["tags"] ?? .null
        switch tags {
        case .list, .null: break
        case .text, .number, .bool: throw CommandFailure("tags needs a list")
        }
        return DocumentDraft(
            title: try title.singleText("title"), body: try values["body"]?.singleText("body") ?? "", tags: tags.words)
    }

    /// `draft` with the field `name` typed as `text` in an editor window (a list's words between
    /// commas), read as an import reads a record; `nil` when a document has no field `name`.
    static func draft(
        _ draft: DocumentDraft, typing text: String, into name: String
    ) throws(CommandFailure) -> DocumentDraft? {
        var values = Dictionary(uniqueKeysWithValues: draft.fieldValues.map { ($0.name, $0.value) })
        guard let current = values[name] else { return nil }
        values[name] = current.typed(text)
        return try Self.draft(values)
    }

    /// Saves `document` (a new one when `nil`) with `change` made to its draft, through the
    /// editor view model, as a feature's `new` and `edit` do; a flag that `change` cannot read
    /// stops it, and so does a change that leaves `document` as it is.
    private static func save(
        document: Document?, _ context: CommandContext,
        change: (inout DocumentDraft) throws(CommandFailure) -> Void
    ) async throws(CommandFailure) -> CommandOutput {
        var draft = document.map(DocumentDraft.init) ?? .empty
        try change(&draft)
        if let document, draft == DocumentDraft(document) { throw .nothingToChange(flags: editFlags) }
        return try await context.run {
            DocumentEditorViewModel(
                editing: document, draft: draft, createDocument: context.services.createDocument,
                updateDocument: context.services.updateDocument, findConflict: context.services.findConflict)
        } start: {
            $0.save()
        }
    }
}

extension ExportFile {
    /// The name of `document`'s file: its title, or `document-ID` when that leaves nothing.
    static func name(for document: Document) -> String {
        name(from: document.title, fallback: "document-\(document.id.rawValue)")
    }
}
