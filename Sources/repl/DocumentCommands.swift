import Domain
import Presentation

/// The `docs` commands; each renders the final state of a view model.
enum DocumentCommands {
    /// Every `docs` command, in help order.
    static var all: [CommandSpec] { [list, show, new, edit, delete, search, importFile] }
}

// MARK: - Private

extension DocumentCommands {
    private static let list = CommandSpec(
        name: "docs list", group: .documents, summary: "List documents, newest change first",
        flags: [ReadPolicyFlag.spec], examples: ["docs list", "docs list --policy network-first"]
    ) { context, arguments in
        let state = await context.present {
            DocumentListViewModel(listDocuments: context.services.listDocuments)
        } start: {
            $0.load(policy: ReadPolicyFlag.policy(arguments))
        }
        switch state {
        case .loaded(let items, let provenance): return .success(.documents(items, provenance))
        case .empty: return .success(.documents([], nil))
        case .failed(let message): return .failure(CommandFailure(message))
        case .idle, .loading, .refreshing: return .failure(CommandFailure("Cancelled"))
        }
    }

    private static let show = CommandSpec(
        name: "docs show", group: .documents, summary: "Show one document",
        arguments: [ArgumentSpec(name: "ID", completion: .documentID)], flags: [ReadPolicyFlag.spec],
        examples: ["docs show 1", "docs show 1 --policy local-only"]
    ) { context, arguments in
        switch ArgumentValues.id(arguments.value("ID")) {
        case .failure(let failure): return .failure(failure)
        case .success(let id):
            return await loadDocument(id, policy: ReadPolicyFlag.policy(arguments), context).map {
                document, provenance in
                .document(document, provenance)
            }
        }
    }

    private static let new = CommandSpec(
        name: "docs new", group: .documents, summary: "Create a document",
        arguments: [ArgumentSpec(name: "TITLE", takesRest: true)],
        flags: [
            FlagSpec(name: "--body", valueName: "TEXT", help: "The body (empty when left out)"),
            FlagSpec(name: "--tag", valueName: "T", help: "Add a tag (repeatable, at most 20)", isRepeatable: true),
        ],
        examples: [#"docs new "Groceries" --body "milk, eggs" --tag home"#]
    ) { context, arguments in
        await save(document: nil, context) { draft in
            draft.title = arguments.value("TITLE") ?? ""
            draft.body = arguments.flag("--body") ?? ""
            draft.tags = arguments.all("--tag")
        }
    }

    private static let edit = CommandSpec(
        name: "docs edit", group: .documents, summary: "Change a document's title, body or tags",
        arguments: [ArgumentSpec(name: "ID", completion: .documentID)],
        flags: [
            FlagSpec(name: "--title", valueName: "T", help: "The new title"),
            FlagSpec(name: "--body", valueName: "TEXT", help: "The new body"),
            FlagSpec(name: "--tag", valueName: "T", help: "Replace the tags (repeatable)", isRepeatable: true),
        ],
        examples: [#"docs edit 1 --title "Welcome, again""#]
    ) { context, arguments in
        switch ArgumentValues.id(arguments.value("ID")) {
        case .failure(let failure): return .failure(failure)
        case .success(let id):
            switch await loadDocument(id, policy: .cacheFirst, context) {
            case .failure(let failure): return .failure(failure)
            case .success(let (document, _)):
                return await save(document: document, context) { draft in
                    if let title = arguments.flag("--title") { draft.title = title }
                    if let body = arguments.flag("--body") { draft.body = body }
                    if arguments.isSet("--tag") { draft.tags = arguments.all("--tag") }
                }
            }
        }
    }

    private static let delete = CommandSpec(
        name: "docs delete", group: .documents, summary: "Delete a document",
        arguments: [ArgumentSpec(name: "ID", completion: .documentID)], examples: ["docs delete 3"]
    ) { context, arguments in
        switch ArgumentValues.id(arguments.value("ID")) {
        case .failure(let failure): return .failure(failure)
        case .success(let id):
            return await context.services.deleteDocument.execute(id: id).commandResult { .deleted(id: id) }
        }
    }

    private static let search = CommandSpec(
        name: "docs search", group: .documents, summary: "Find documents by title, body or tag",
        arguments: [ArgumentSpec(name: "QUERY", takesRest: true)], flags: [ReadPolicyFlag.spec],
        examples: ["docs search rules"]
    ) { context, arguments in
        let state = await context.present {
            SearchViewModel(
                searchDocuments: context.services.searchDocuments, clock: context.clock,
                policy: ReadPolicyFlag.policy(arguments)
            )
        } start: { viewModel in
            viewModel.type(arguments.value("QUERY") ?? "")
            return viewModel.searchNow()  // the Return key: no need to wait for the typing pause
        }
        switch state {
        case .results(_, let items, let provenance): return .success(.documents(items, provenance))
        case .noResults: return .success(.documents([], nil))
        case .failed(_, let message): return .failure(CommandFailure(message))
        case .idle: return .failure(CommandFailure(UserMessages.text(for: .emptyQuery)))
        case .searching: return .failure(CommandFailure("Cancelled"))
        }
    }

    private static let importFile = CommandSpec(
        name: "docs import", group: .documents,
        summary: "Create documents from a JSON or JSON Lines file",
        arguments: [ArgumentSpec(name: "FILE", completion: .file)], examples: ["docs import Docs/examples/notes.jsonl"]
    ) { context, arguments in
        let drafts: [DocumentDraft]
        switch ImportFile.read(arguments.value("FILE") ?? "") {
        case .failure(let failure): return .failure(failure)
        case .success(let read): drafts = read
        }
        let state = await context.present(progressLabel: "importing") {
            DocumentImportViewModel(createDocument: context.services.createDocument)
        } progress: { state in
            guard case .importing(let done, let total) = state else { return nil }
            return (done, total)
        } start: {
            $0.start(drafts)
        }
        switch state {
        case .finished(let imported):
            return .success(.message("Imported \(imported) \(imported == 1 ? "document" : "documents")."))
        case .failed(let imported, let total, let message):
            return .failure(CommandFailure("\(message) (\(imported) of \(total) imported)"))
        case .idle, .importing: return .failure(CommandFailure("Cancelled"))
        }
    }

    /// Loads one document through its detail view model.
    private static func loadDocument(
        _ id: Int, policy: ReadPolicy, _ context: CommandContext
    ) async -> Result<(Document, Provenance), CommandFailure> {
        let state = await context.present {
            DocumentDetailViewModel(id: id, fetchDocument: context.services.fetchDocument)
        } start: {
            $0.load(policy: policy)
        }
        switch state {
        case .loaded(let document, let provenance): return .success((document, provenance))
        case .failed(let message): return .failure(CommandFailure(message))
        case .idle, .loading: return .failure(CommandFailure("Cancelled"))
        }
    }

    /// Edits a draft in the editor view model and saves it.
    private static func save(
        document: Document?, _ context: CommandContext, change: (inout EditorDraft) -> Void
    ) async -> CommandResult {
        let state = await context.present {
            DocumentEditorViewModel(
                document: document, createDocument: context.services.createDocument,
                updateDocument: context.services.updateDocument, findConflict: context.services.findConflict
            )
        } start: { editor in
            editor.edit(change)
            return editor.save()
        }
        switch state {
        case .saved(let saved): return .success(.document(saved, nil))
        case .failed(_, let message, _): return .failure(CommandFailure(message))
        case .clean: return .failure(CommandFailure(UserMessages.text(for: .noChanges)))
        case .dirty, .saving: return .failure(CommandFailure("Cancelled"))
        case .conflict(let local, let remote):
            let theirs = remote.map { "version \($0.version)" } ?? "a deletion"
            return .failure(
                CommandFailure(
                    "saved on this device as \"\(local.title)\", but the server has \(theirs) (see 'conflicts list')"))
        }
    }
}
