import Domain

/// The `docs` commands.
enum DocumentCommands {
    /// Every `docs` command, in help order.
    static var all: [CommandSpec] { [list, show, new, edit, delete, search] }
}

// MARK: - Private

extension DocumentCommands {
    private static let list = CommandSpec(
        name: "docs list", group: .documents, summary: "List documents, newest change first",
        flags: [ReadPolicyFlag.spec], examples: ["docs list", "docs list --policy network-first"]
    ) { context, arguments in
        await context.services.listDocuments.execute(policy: ReadPolicyFlag.policy(arguments)).commandResult {
            .documents($0.value, Provenance($0))
        }
    }

    private static let show = CommandSpec(
        name: "docs show", group: .documents, summary: "Show one document",
        arguments: [ArgumentSpec(name: "ID")], flags: [ReadPolicyFlag.spec],
        examples: ["docs show 1", "docs show 1 --policy local-only"]
    ) { context, arguments in
        switch ArgumentValues.id(arguments.value("ID")) {
        case .failure(let failure): return .failure(failure)
        case .success(let id):
            let policy = ReadPolicyFlag.policy(arguments)
            return await context.services.fetchDocument.execute(id: id, policy: policy).commandResult {
                .document($0.value, Provenance($0))
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
        let draft = DocumentDraft(
            title: arguments.value("TITLE") ?? "", body: arguments.flag("--body") ?? "", tags: arguments.all("--tag")
        )
        return await context.services.createDocument.execute(draft).commandResult { .document($0, nil) }
    }

    private static let edit = CommandSpec(
        name: "docs edit", group: .documents, summary: "Change a document's title, body or tags",
        arguments: [ArgumentSpec(name: "ID")],
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
            let changes = DocumentChanges(
                title: arguments.flag("--title"), body: arguments.flag("--body"),
                tags: arguments.isSet("--tag") ? arguments.all("--tag") : nil
            )
            return await context.services.updateDocument.execute(id: id, changes: changes).commandResult {
                .document($0, nil)
            }
        }
    }

    private static let delete = CommandSpec(
        name: "docs delete", group: .documents, summary: "Delete a document",
        arguments: [ArgumentSpec(name: "ID")], examples: ["docs delete 3"]
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
        let query = arguments.value("QUERY") ?? ""
        let policy = ReadPolicyFlag.policy(arguments)
        return await context.services.searchDocuments.execute(query: query, policy: policy).commandResult {
            .documents($0.value, Provenance($0))
        }
    }
}
