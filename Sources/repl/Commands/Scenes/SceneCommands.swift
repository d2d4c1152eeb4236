import Domain
import Foundation
import Platform
import Presentation
import Scenes
import ShellKit

extension CommandGroup {
    /// Windows: scene sessions, their lifecycle and restoration.
    static let scenes = CommandGroup("Scenes")
}

extension CompletionSource {
    /// Identifiers of the open scene sessions.
    static let sceneID = CompletionSource("scene-id")
    /// The collections the app syncs: `documents` and each feature's.
    static let collection = CompletionSource("collection")
    /// What a feature's items source is named after: `items:` and the collection.
    static let itemsPrefix = "items:"

    /// Identifiers of the items of a feature's `collection` on this device (`scene open editor
    /// --collection trips ID`).
    static func items(in collection: String) -> CompletionSource { CompletionSource(itemsPrefix + collection) }
}

/// The `scene` commands and `open URL`: the REPL plays the window system.
enum SceneCommands {
    /// Every scene command, in help order.
    static var all: [Command] {
        [list, open, show, snapshot, activate, background, foreground, disconnect, destroy, refresh, openURL]
    }
}

// MARK: - Private

extension SceneCommands {
    private static let sessionArgument = ArgumentSpec(name: "SID", completion: .source(.sceneID))

    private static let list = Command(
        name: "scene list", group: .scenes, summary: "List scene sessions; * marks the active one",
        examples: ["scene list"]
    ) { context, _ throws(CommandFailure) in
        SceneOutput.sessions(context.scenes.openSessions)
    }

    private static let open = Command(
        name: "scene open", group: .scenes,
        summary: "Show an activity in a scene: editor, list, item or user",
        arguments: [
            ArgumentSpec(name: "ACTIVITY", completion: .values(ActivityKind.allCases.map(\.rawValue))),
            ArgumentSpec(
                name: "ID", isOptional: true,
                completion: .chosenByPrevious([
                    "editor": .namedByFlag(
                        "--collection", prefix: CompletionSource.itemsPrefix, otherwise: .source(.documentID)),
                    "item": .namedByFlag("--collection", prefix: CompletionSource.itemsPrefix, otherwise: .none),
                    "user": .source(.userID),
                ])),
        ],
        flags: [
            FlagSpec(
                name: "--query", valueName: "Q", help: "The list's search query (a feature's, when it has a search)"),
            FlagSpec(
                name: "--collection", valueName: "NAME",
                help: "The collection: documents (the default) or a generated feature's (list, item, editor)"
            ).completing(.source(.collection)),
        ],
        examples: [
            "scene open editor 1", "scene open list --query rules", "scene open user 1", "scene open editor",
        ]
    ) { context, arguments throws(CommandFailure) in
        let activity = try await activity(arguments, context)
        return try await run(context) { scenes throws(SceneError) in
            try await scenes.requestSceneSessionActivation(nil, userActivity: activity)
        }
    }

    private static let show = Command(
        name: "scene show", group: .scenes, summary: "Show what a scene displays (the active one by default)",
        arguments: [ArgumentSpec(name: "SID", isOptional: true, completion: .source(.sceneID))],
        examples: ["scene show", "scene show s1"]
    ) { context, arguments throws(CommandFailure) in
        let session: SceneSession
        if let identifier = arguments.value("SID") {
            session = try scene { () throws(SceneError) in try context.scenes.session(identifier) }
        } else if let active = context.scenes.activeSession {
            session = active
        } else {
            throw CommandFailure("No scene is active (open one with 'scene open')")
        }
        return try SceneContent.render(session)
    }

    private static let activate = lifecycle("activate", "Make a scene the active one, reconnecting it if needed") {
        scenes, session throws(SceneError) in
        try await scenes.activate(session)
    }

    private static let background = lifecycle("background", "Send a scene to the background") {
        scenes, session throws(SceneError) in
        try scenes.moveToBackground(session)
    }

    private static let foreground = lifecycle("foreground", "Bring a scene back on screen (inactive)") {
        scenes, session throws(SceneError) in
        try await scenes.moveToForeground(session)
    }

    private static let disconnect = lifecycle("disconnect", "Release a scene, keeping its session and state") {
        scenes, session throws(SceneError) in
        try scenes.disconnect(session)
    }

    private static let refresh = lifecycle("refresh", "Save a fresh snapshot of a scene's state") {
        scenes, session throws(SceneError) in
        try scenes.requestSceneSessionRefresh(session)
    }

    private static let destroy = Command(
        name: "scene destroy", group: .scenes, summary: "Close a scene for good: its session and saved state go",
        arguments: [sessionArgument], examples: ["scene destroy s1"]
    ) { context, arguments throws(CommandFailure) in
        let session = try scene { () throws(SceneError) in
            let session = try context.scenes.session(arguments.value("SID") ?? "")
            try context.scenes.requestSceneSessionDestruction(session)
            return session
        }
        return .message("Destroyed scene session \(session.persistentIdentifier).")
    }

    private static let openURL = Command(
        name: "open", group: .scenes, summary: "Open a strata:// URL in the scene that shows it, or a new one",
        arguments: [ArgumentSpec(name: "URL")],
        examples: ["open strata://documents/1", "open strata://documents?query=rules", "open strata://users/1"]
    ) { context, arguments throws(CommandFailure) in
        let text = arguments.value("URL") ?? ""
        guard let url = URL(string: text), url.scheme != nil else {
            throw CommandFailure("invalid URL '\(text)' (expected strata://documents/ID and the like)")
        }
        let activity = try scene { () throws(SceneError) in
            try UserActivity.routing(url, itemLists: context.features.lists).get()
        }
        if let failure = await unreadable(activity, context) { throw CommandFailure(failure) }
        return try await run(context) { scenes throws(SceneError) in
            try await scenes.requestSceneSessionActivation(
                nil, userActivity: activity, options: SceneConnectionOptions(urlContexts: [url]))
        }
    }

    /// A `scene VERB SID` command that runs one lifecycle request and prints the session.
    private static func lifecycle(
        _ verb: String, _ summary: String,
        _ request: @escaping (SceneApplication, SceneSession) async throws(SceneError) -> Void
    ) -> Command {
        Command(
            name: "scene \(verb)", group: .scenes, summary: summary, arguments: [sessionArgument],
            examples: ["scene \(verb) s1"]
        ) { context, arguments throws(CommandFailure) in
            try await run(context) { scenes throws(SceneError) in
                let session = try scenes.session(arguments.value("SID") ?? "")
                try await request(scenes, session)
                return session
            }
        }
    }

    /// Runs a scene request and prints the session it acted on.
    private static func run(
        _ context: CommandContext, _ request: (SceneApplication) async throws(SceneError) -> SceneSession
    ) async throws(CommandFailure) -> CommandOutput {
        do {
            return SceneOutput.session(try await request(context.scenes))
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Runs scene work, its failure in the shell's words.
    private static func scene<Value>(_ work: () throws(SceneError) -> Value) throws(CommandFailure) -> Value {
        do {
            return try work()
        } catch {
            throw CommandFailure(error)
        }
    }

    /// The activity `scene open` asks for.
    private static func activity(
        _ arguments: ParsedArguments, _ context: CommandContext
    ) async throws(CommandFailure) -> UserActivity {
        let kind = try arguments.choice("ACTIVITY", as: ActivityKind.self, label: "activity")
        let idWord = arguments.value("ID")
        let named = arguments.flag("--collection")
        // A flag the activity does not read is refused, not dropped.
        let query = arguments.flag("--query")
        if query != nil, kind != .list {
            throw CommandFailure("--query is for a list only")
        }
        if named != nil, kind == .user {
            throw CommandFailure("--collection is for a feature's list, item or editor only")
        }
        // Documents are a collection too (Tab offers them, `strata://documents` names them): their
        // list and editor are the activities the flag's absence opens.
        if named == QueuedChange.documents, kind == .item {
            throw CommandFailure("a document opens in an editor: scene open editor ID")
        }
        let collection = named == QueuedChange.documents ? nil : named
        let activity: UserActivity
        switch kind {
        case .editor where collection != nil:
            let source = try itemSource(collection ?? "", context)
            let id = try idWord.map { word throws(CommandFailure) in try ParsedArguments.id(word, name: "item ID") }
            activity = .itemEdit(
                ItemEditActivity(collection: collection ?? "", itemId: id, changes: [:]), noun: source.noun)
        case .editor:
            let documentId = try idWord.map { word throws(CommandFailure) in try ParsedArguments.id(word) }
            activity = .documentEdit(
                DocumentEditActivity.opening(documentId))
        case .list:
            if let idWord { throw CommandFailure("unexpected argument '\(idWord)' (use --query Q)") }
            if let collection {
                let source = try itemSource(collection, context)
                if query?.isEmpty == false, source.search == nil {
                    throw CommandFailure("\(source.plural) have no search (the feature declares no searchable field)")
                }
                activity = .itemList(ItemListActivity(collection: collection, query: query ?? ""), title: source.title)
            } else {
                activity = .documentList(
                    DocumentListActivity(query: query ?? "", scrollPosition: 0))
            }
        case .item:
            guard let collection else {
                throw CommandFailure("an item needs its feature's collection (--collection NAME)")
            }
            let source = try itemSource(collection, context)
            let id = try ParsedArguments.id(idWord, name: "item ID")
            activity = .item(ItemActivity(collection: collection, itemId: id), title: source.title(of: id))
        case .user:
            activity = .userProfile(UserProfileActivity(userId: try ParsedArguments.id(idWord, name: "user ID")))
        }
        if let failure = await unreadable(activity, context) { throw CommandFailure(failure) }
        return activity
    }

    /// The feature's source of `collection`'s items.
    private static func itemSource(_ collection: String, _ context: CommandContext) throws(CommandFailure)
        -> ItemListSource
    {
        guard let source = context.features.lists[collection] else {
            let known = context.features.lists.keys.sorted()
            throw CommandFailure(
                "no feature's list is named '\(collection)'"
                    + (known.isEmpty ? " (this app has none)" : " (try \(known.joined(separator: ", ")))"))
        }
        return source
    }

    /// Why the document, item or profile `activity` shows cannot be read, if it cannot: a scene is
    /// not opened on it, and nothing changes.
    static func unreadable(_ activity: UserActivity, _ context: CommandContext) async -> String? {
        if let number = activity.payload(as: UserProfileActivity.self)?.userId {
            do {
                let id = try UserRules.id(number)
                if case .failure(let error) = await context.services.fetchUser.execute(id: id) {
                    return CommandFailure(error).message
                }
            } catch {
                return CommandFailure(error).message
            }
        }
        if let number = activity.payload(as: DocumentEditActivity.self)?.documentId {
            do {
                let id = try ParsedArguments.documentID(String(number))
                if case .failure(let error) = await context.services.fetchDocument.execute(id: id) {
                    return CommandFailure(error).message
                }
            } catch {
                return error.message
            }
        }
        let item =
            activity.payload(as: ItemActivity.self).map { ($0.collection, $0.itemId) }
            ?? activity.payload(as: ItemEditActivity.self).flatMap { edit in edit.itemId.map { (edit.collection, $0) } }
        if let (collection, id) = item, let source = context.features.lists[collection],
            case .failure(.failed(let failure)) = await source.fetchItem(id, .cacheFirst)
        {
            return failure.message
        }
        return nil
    }

    /// What `scene open` shows.
    private enum ActivityKind: String, CaseIterable {
        case editor, list, item, user
    }
}
