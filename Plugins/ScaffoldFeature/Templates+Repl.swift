/// The shell's files of a feature: its `<name> list|show|new|edit|delete|import|export`
/// commands, how it prints an item, and how the composition root wires it.
extension FeatureSpec {
    func replFiles() -> [(path: String, text: String)] {
        let folder = "Sources/repl/Commands/\(plural)"
        return [
            ("\(folder)/\(name)Feature.swift", feature()),
            ("\(folder)/\(name)Commands.swift", commands()),
            ("\(folder)/\(name)Output.swift", output()),
        ]
    }

    /// The line that registers the feature with the shell.
    var moduleLine: String { "        all.append(.\(lowerPlural))" }

    private func feature() -> String {
        """
        import Domain
        import Presentation
        import ShellKit
        import StrataData

        extension CompletionSource {
            /// Identifiers of the \(lowerPlural) stored on this device.
            static let \(lower)ID = CompletionSource("\(lower)-id")
        }

        extension FeatureModule {
            /// \(plural): the `\(lower)` commands, Tab completion of their identifiers, their repository, and
            /// their list and items in a scene (`scene open list --collection \(collection)`,
            /// `strata://\(collection)`, `strata://\(collection)/ID`).
            static var \(lowerPlural): FeatureModule {
                FeatureModule(
                    commands: \(name)Commands.all,
                    completions: [.\(lower)ID: \(name)RepositoryImpl.storedIDs(in:), .items(in: "\(collection)"): \(name)RepositoryImpl.storedIDs(in:)]
                ) { stack, api, services in
                    let repository = \(name)RepositoryImpl(stack: stack, api: api)
                    services.register(repository, as: (any \(name)RepositoryProtocol).self)
                    let listed = { (item: \(name)) in
                        ListedItem(id: item.id.rawValue, fields: item.fieldTexts.map { ListedItem.Field(name: $0.name, text: $0.text) }, version: item.version, createdAt: item.createdAt, updatedAt: item.updatedAt, syncState: item.syncState)
                    }
                    let fetch = { (number: Int, policy: ReadPolicy) in
                        await Result { () throws(\(name)Error) in try \(name)Rules.id(number) }
                            .asyncFlatMap { await Fetch\(name)UseCase(repository: repository).execute(id: $0, policy: policy) }
                    }
                    let save = \(name)EditorViewModel.save(
                        create\(name): Create\(name)UseCase(repository: repository), update\(name): Update\(name)UseCase(repository: repository))
                    services.registerList("\(collection)", ItemListSource(noun: "\(lower)", plural: "\(lowerPlural)", fields: [\(fields.map { "\"\($0.name)\"" }.joined(separator: ", "))], search: \(windowSearch)) { @MainActor policy in
                        await List\(plural)UseCase(repository: repository).execute(policy: policy)
                            .map { $0.map { $0.map(listed) } }.mapError { ItemLoadFailure($0, cancelled: .cancelled) }
                    } fetchItem: { @MainActor number, policy in
                        await fetch(number, policy).map { $0.map(listed) }.mapError { ItemLoadFailure($0, cancelled: .cancelled) }
                    } save: { @MainActor shown, texts in
                        // An editor window saves what `\(lower) new` and `\(lower) edit` save: its fields as
                        // typed are the commands' flags, over the \(lower) as this device holds it now.
                        await Result.catching { () async throws(\(name)Error) -> (\(name)?, \(name)Draft) in
                            var saved: \(name)?
                            if let shown { saved = try await fetch(shown.id, .cacheFirst).get().value }
                            do throws(CommandFailure) {
                                return (saved, try \(name)Commands.draft(\(name)Commands.arguments(texts.mapValues(RecordValue.text)), over: saved))
                            } catch {
                                throw .invalid(error.message)
                            }
                        }
                        .asyncFlatMap { saved, draft in await save(saved, draft) }
                        .map(listed).mapError { ItemLoadFailure($0, cancelled: .cancelled) }
                    })
                }
            }
        }

        extension CommandContext {
            /// The \(lowerPlural)' repository.
            var \(lowerPlural): any \(name)RepositoryProtocol {
                get throws(CommandFailure) { try features.repository((any \(name)RepositoryProtocol).self) }
            }
        }

        extension ParsedArguments {
            /// The positional argument `name` as \(article) \(lower) identifier, by the Domain's rule.
            func \(lower)ID(_ name: String = "ID") throws(CommandFailure) -> \(name).ID {
                let number = try id(name)
                do {
                    return try \(name)Rules.id(number)
                } catch {
                    throw CommandFailure(feature: error)
                }
            }
        }

        """
    }

    private func commands() -> String {
        let flags = fields.map { "            \($0.flagSpec)," }.joined(separator: "\n")
        let newExample = "\(lower) new " + fields.map { $0.typed(.first) }.joined(separator: " ")
        let editField = editedField
        let editExample = "\(lower) edit 1 \(editField.typed(.second))"
        return """
            import Domain
            import Foundation
            import Presentation
            import ShellKit

            extension CommandGroup {
                /// \(plural).
                static let \(lowerPlural) = CommandGroup("\(plural)")
            }

            /// The `\(lower)` commands: reads render the final state of a view model, writes the
            /// result of a use case.
            enum \(name)Commands {
                /// Every `\(lower)` command, in help order.
                static var all: [Command] { [list, show, new, edit, delete\(isSearchable ? ", search" : ""), importFile, export] }

                /// The fields' names: the members of a record in an import or export file.
                static let fieldNames = [\(fields.map { "\"\($0.name)\"" }.joined(separator: ", "))]
            }

            // MARK: - Private

            extension \(name)Commands {
                private static let idArgument = ArgumentSpec(name: "ID", completion: .source(.\(lower)ID))

                /// The field flags; `new` needs each field that has no empty value, `edit` none.
                private static func fieldFlags(creating: Bool) -> [FlagSpec] {
                    [
            \(flags)
                    ]
                }

            \(isSearchable ? searchCommand : "")
                private static let list = Command(
                    name: "\(lower) list", group: .\(lowerPlural), summary: "List \(lowerPlural), newest change first", flags: [ReadPolicyFlag.spec] + PageFlags.specs,
                    examples: ["\(lower) list", "\(lower) list --policy local-only", "\(lower) list --limit 1"]
                ) { context, arguments throws(CommandFailure) in
                    let repository = try context.\(lowerPlural)
                    if let page = try PageFlags.request(arguments, invalidCursor: \(name)Error.invalidCursor.errorDescription ?? "") {
                        if PageBrowser.browses(page, in: context) {
                            return try await PageBrowser.browse(context, noun: \(name).noun, policy: arguments.readPolicy) {
                                \(name)PagesViewModel(list\(plural): List\(plural)UseCase(repository: repository), pageSize: page.limit)
                            } print: { items, provenance in
                                if let table = FieldListOutput(items: items, provenance: provenance, page: nil).table(styling: context.styling) {
                                    context.console.out(table)
                                }
                            }
                        }
                        return try await context.perform { () async throws(CommandFailure) -> CommandOutput in
                            let fetched = try await List\(plural)UseCase(repository: repository).execute(page: page, policy: arguments.readPolicy)
                                .mapError(CommandFailure.init(feature:)).get()
                            return .rendered(FieldListOutput(items: fetched.value.items, provenance: fetched.provenance, page: .some(fetched.value.next)))
                        }
                    }
                    return try await context.run {
                        \(name)ListViewModel(list\(plural): List\(plural)UseCase(repository: repository))
                    } start: {
                        $0.load(policy: arguments.readPolicy)
                    }
                }

                private static let show = Command(
                    name: "\(lower) show", group: .\(lowerPlural), summary: "Show one \(lower)", arguments: [idArgument],
                    flags: [ReadPolicyFlag.spec], examples: ["\(lower) show 1", "\(lower) show 1 --policy remote-only"]
                ) { context, arguments throws(CommandFailure) in
                    let id = try arguments.\(lower)ID()
                    let repository = try context.\(lowerPlural)
                    return try await context.run {
                        \(name)DetailViewModel(id: id, fetch\(name): Fetch\(name)UseCase(repository: repository))
                    } start: {
                        $0.load(policy: arguments.readPolicy)
                    }
                }

                private static let new = Command(
                    name: "\(lower) new", group: .\(lowerPlural), summary: "Create \(article) \(lower)", flags: fieldFlags(creating: true),
                    examples: [\(literal(newExample))]
                ) { context, arguments throws(CommandFailure) in
                    let draft = try draft(arguments, over: nil)
                    let repository = try context.\(lowerPlural)
                    return try await context.run {
                        \(name)EditorViewModel(
                            editing: nil, draft: draft, create\(name): Create\(name)UseCase(repository: repository),
                            update\(name): Update\(name)UseCase(repository: repository), findConflict: context.services.findConflict)
                    } start: {
                        $0.save()
                    }
                }

                private static let edit = Command(
                    name: "\(lower) edit", group: .\(lowerPlural), summary: "Change \(article) \(lower)'s fields", arguments: [idArgument],
                    flags: fieldFlags(creating: false), examples: [\(literal(editExample))]
                ) { context, arguments throws(CommandFailure) in
                    let id = try arguments.\(lower)ID()
                    let repository = try context.\(lowerPlural)
                    let state = await context.present {
                        \(name)DetailViewModel(id: id, fetch\(name): Fetch\(name)UseCase(repository: repository))
                    } start: {
                        $0.load(policy: .cacheFirst)
                    }
                    guard case .loaded(let \(lower), _) = state else { return try state.commandOutput() }
                    let draft = try draft(arguments, over: \(lower))
                    guard draft != \(name)Draft(\(lower)) else {
                        throw .nothingToChange(flags: fieldFlags(creating: false))
                    }
                    return try await context.run {
                        \(name)EditorViewModel(
                            editing: \(lower), draft: draft, create\(name): Create\(name)UseCase(repository: repository),
                            update\(name): Update\(name)UseCase(repository: repository), findConflict: context.services.findConflict)
                    } start: {
                        $0.save()
                    }
                }

                /// The draft the field flags describe: `\(lower)`'s fields with the flags given written
                /// over them, or, for a new \(lower) (`nil`), each field from its flag.
                static func draft(_ arguments: ParsedArguments, over \(lower): \(name)?) throws(CommandFailure) -> \(name)Draft {
                    guard let \(lower) else {
                        return \(name)Draft(
            \(fields.map { "                \($0.name): \($0.newValue)" }.joined(separator: ",\n")))
                    }
                    var draft = \(name)Draft(\(lower))
            \(fields.map { "        \($0.editStatement)" }.joined(separator: "\n"))
                    return draft
                }

                /// The field flags an editor window's typed fields or an import file's record stand for,
                /// by field name; a message about one names the field, as the window shows it.
                static func arguments(_ values: [String: RecordValue]) throws(CommandFailure) -> ParsedArguments {
                    var flags: [String: [String]] = [:]
                    for (name, value) in values {
                        switch name {
            \(fields.map { "            \($0.windowCase)" }.joined(separator: "\n"))
                        default: continue
                        }
                    }
                    return ParsedArguments(flags: flags, labels: [\(fields.map { "\"\($0.flag)\": \"\($0.name)\"" }.joined(separator: ", "))])
                }

                private static let importFile = Command(
                    name: "\(lower) import", group: .\(lowerPlural), summary: "Create \(lowerPlural) from a JSON or JSON Lines file",
                    arguments: [ArgumentSpec(name: "FILE", completion: .file)], examples: ["\(lower) import Docs/examples/\(lowerPlural).jsonl"]
                ) { context, arguments throws(CommandFailure) in
                    let repository = try context.\(lowerPlural)
                    return try await ItemFiles.importFile(context, arguments, noun: \(name).noun) { path throws(CommandFailure) in
                        try ItemFiles.drafts(inFile: path, noun: \(name).noun, article: "\(article)", fields: fieldNames) { values throws(CommandFailure) in
                            try \(name)Commands.draft(\(name)Commands.arguments(values), over: nil)
                        }
                    } importing: {
                        \(name)ImportViewModel(import\(plural): Import\(plural)UseCase(repository: repository))
                    }
                }

                private static let export = Command(
                    name: "\(lower) export", group: .\(lowerPlural), summary: "Write \(article) \(lower) to a file in Documents/", arguments: [idArgument],
                    examples: ["\(lower) export 2"]
                ) { context, arguments throws(CommandFailure) in
                    let id = try arguments.\(lower)ID()
                    let \(lower) = try await Fetch\(name)UseCase(repository: try context.\(lowerPlural)).execute(id: id)
                        .mapError(CommandFailure.init(feature:)).get().value
                    return try ItemFiles.export(
                        context, contents: ExportFile.contents(\(lower).fileRecord),
                        named: ExportFile.name(from: \(exportTitle), fallback: "\(lower)-\\(id.rawValue)"))
                }

                private static let delete = Command(
                    name: "\(lower) delete", group: .\(lowerPlural), summary: "Delete \(article) \(lower)", arguments: [idArgument],
                    examples: ["\(lower) delete 1"]
                ) { context, arguments throws(CommandFailure) in
                    let id = try arguments.\(lower)ID()
                    try await Delete\(name)UseCase(repository: try context.\(lowerPlural)).execute(id: id)
                        .mapError(CommandFailure.init(feature:)).get()
                    return .rendered(DeletedItemOutput(noun: "\(lower)", id: id.rawValue))
                }
            }

            """
    }

    /// How a scene searches the items (`scene open list --collection NAME --query Q`): through the
    /// feature's search use case, or `nil` when it has none.
    private var windowSearch: String {
        guard isSearchable else { return "nil" }
        return """
            { @MainActor query, policy in
                            await Search\(plural)UseCase(repository: repository).execute(query: query, policy: policy)
                                .map { $0.map { $0.map(listed) } }.mapError { ItemLoadFailure($0, cancelled: .cancelled) }
                        }
            """
    }

    /// `<name> search WORDS`, when the feature has a search.
    private var searchCommand: String {
        """
                private static let search = Command(
                    name: "\(lower) search", group: .\(lowerPlural), summary: "Find \(lowerPlural) by \(FeatureSpec.either(searchable.map(\.name)))",
                    arguments: [ArgumentSpec(name: "QUERY", takesRest: true)], flags: [ReadPolicyFlag.spec],
                    examples: ["\(lower) search \(searchable[0].searchWord)", "\(lower) search \(searchable[0].searchWord) --policy local-only"]
                ) { context, arguments throws(CommandFailure) in
                    let repository = try context.\(lowerPlural)
                    return try await context.run {
                        \(name)SearchViewModel(search\(plural): Search\(plural)UseCase(repository: repository), clock: context.clock, policy: arguments.readPolicy)
                    } start: { viewModel in
                        viewModel.type(arguments.value("QUERY") ?? "")
                        return viewModel.searchNow()  // the Return key: no need to wait for the typing pause
                    }
                }

        """
    }

    private func output() -> String {
        """
        import Domain
        import Foundation

        extension \(name): FieldRendering {
            static let noun = Noun(one: "\(lower)", many: "\(lowerPlural)")

            var fieldValues: [(name: String, value: RecordValue)] {
                [
        \(fields.map { "            (\"\($0.name)\", Self.value(self.\($0.name)))," }.joined(separator: "\n"))
                ]
            }
        }

        """
    }

    /// What an exported file is named after: the first text field, else nothing (`\(lower)-ID`).
    private var exportTitle: String {
        fields.first { $0.type == .string }.map { "\(lower).\($0.name)" } ?? "\"\""
    }

    /// `text` as a Swift string literal: raw when it holds a quote.
    private func literal(_ text: String) -> String {
        text.contains("\"") ? "#\"\(text)\"#" : "\"\(text)\""
    }

    /// The field the examples change: the first whole number, else the first field.
    var editedField: Field {
        fields.first { $0.type == .int } ?? fields.first { $0.type == .optionalInt } ?? fields.first
            ?? Field(name: "name", type: .string, values: [])
    }
}
