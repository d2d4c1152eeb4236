import Domain
import Foundation
import Platform
import Presentation

/// The `scene` commands and `open URL`: the REPL plays the window system.
enum SceneCommands {
    /// Every scene command, in help order.
    static var all: [CommandSpec] {
        [list, open, show, activate, background, foreground, disconnect, destroy, refresh, openURL]
    }
}

// MARK: - Private

extension SceneCommands {
    private static let sessionArgument = ArgumentSpec(name: "SID", completion: .sceneID)

    private static let list = CommandSpec(
        name: "scene list", group: .scenes, summary: "List scene sessions; * marks the active one",
        examples: ["scene list"]
    ) { context, _ in
        .success(SceneText.sessions(context.scenes.openSessions))
    }

    private static let open = CommandSpec(
        name: "scene open", group: .scenes,
        summary: "Show an activity in a scene: editor ID, list, or user ID",
        arguments: [
            ArgumentSpec(name: "ACTIVITY", completion: .values(["editor", "list", "user"])),
            ArgumentSpec(name: "ID", isOptional: true, completion: .documentID),
        ],
        flags: [FlagSpec(name: "--query", valueName: "Q", help: "The list's search query")],
        examples: ["scene open editor 1", "scene open list --query rules", "scene open user 1", "scene open editor"]
    ) { context, arguments in
        switch await activity(arguments, context) {
        case .failure(let failure): return .failure(failure)
        case .success(let activity):
            return await run(context) { scenes throws(SceneError) in
                try await scenes.requestSceneSessionActivation(nil, userActivity: activity)
            }
        }
    }

    private static let show = CommandSpec(
        name: "scene show", group: .scenes, summary: "Show what a scene displays (the active one by default)",
        arguments: [ArgumentSpec(name: "SID", isOptional: true, completion: .sceneID)],
        examples: ["scene show", "scene show s1"]
    ) { context, arguments in
        let session: SceneSession
        do {
            if let identifier = arguments.value("SID") {
                session = try context.scenes.session(identifier)
            } else if let active = context.scenes.activeSession {
                session = active
            } else {
                return .failure(CommandFailure("No scene is active (open one with 'scene open')"))
            }
        } catch {
            return .failure(CommandFailure(error.localizedDescription))
        }
        return SceneContent.render(session)
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

    private static let destroy = CommandSpec(
        name: "scene destroy", group: .scenes, summary: "Close a scene for good: its session and saved state go",
        arguments: [sessionArgument], examples: ["scene destroy s1"]
    ) { context, arguments in
        do {
            let session = try context.scenes.session(arguments.value("SID") ?? "")
            try context.scenes.requestSceneSessionDestruction(session)
            return .success(.message("Destroyed scene session \(session.persistentIdentifier)."))
        } catch {
            return .failure(CommandFailure(error.localizedDescription))
        }
    }

    private static let openURL = CommandSpec(
        name: "open", group: .scenes, summary: "Open a strata:// URL in the scene that shows it, or a new one",
        arguments: [ArgumentSpec(name: "URL")],
        examples: ["open strata://documents/1", "open strata://documents?query=rules", "open strata://users/1"]
    ) { context, arguments in
        let text = arguments.value("URL") ?? ""
        guard let url = URL(string: text), url.scheme != nil else {
            return .failure(CommandFailure("invalid URL '\(text)' (expected strata://documents/ID and the like)"))
        }
        switch UserActivity.routing(url) {
        case .failure(let error): return .failure(CommandFailure(error.localizedDescription))
        case .success(let activity):
            if let failure = await checkDocument(activity, context) { return .failure(failure) }
            return await run(context) { scenes throws(SceneError) in
                try await scenes.requestSceneSessionActivation(
                    nil, userActivity: activity, options: SceneConnectionOptions(urlContexts: [url]))
            }
        }
    }

    /// A `scene VERB SID` command that runs one lifecycle request and prints the session.
    private static func lifecycle(
        _ verb: String, _ summary: String,
        _ request: @escaping (SceneApplication, SceneSession) async throws(SceneError) -> Void
    ) -> CommandSpec {
        CommandSpec(
            name: "scene \(verb)", group: .scenes, summary: summary, arguments: [sessionArgument],
            examples: ["scene \(verb) s1"]
        ) { context, arguments in
            await run(context) { scenes throws(SceneError) in
                let session = try scenes.session(arguments.value("SID") ?? "")
                try await request(scenes, session)
                return session
            }
        }
    }

    /// Runs a scene request and prints the session it acted on.
    private static func run(
        _ context: CommandContext, _ request: (SceneApplication) async throws(SceneError) -> SceneSession
    ) async -> CommandResult {
        do {
            return .success(SceneText.session(try await request(context.scenes)))
        } catch {
            return .failure(CommandFailure(error.localizedDescription))
        }
    }

    /// The activity `scene open` asks for.
    private static func activity(_ arguments: ParsedArguments, _ context: CommandContext) async -> Result<
        UserActivity, CommandFailure
    > {
        let kind = arguments.value("ACTIVITY") ?? ""
        let idWord = arguments.value("ID")
        let activity: UserActivity
        switch kind {
        case "editor":
            var documentId: Int?
            if let idWord {
                guard case .success(let id) = ArgumentValues.id(idWord) else {
                    return .failure(CommandFailure("invalid id '\(idWord)' (expected a whole number)"))
                }
                documentId = id
            }
            activity = .documentEdit(DocumentEditActivity(documentId: documentId))
        case "list":
            if let idWord { return .failure(CommandFailure("unexpected argument '\(idWord)' (use --query Q)")) }
            activity = .documentList(DocumentListActivity(query: arguments.flag("--query") ?? ""))
        case "user":
            switch ArgumentValues.id(idWord, name: "user ID") {
            case .failure(let failure): return .failure(failure)
            case .success(let id): activity = .userProfile(UserProfileActivity(userId: id))
            }
        default:
            return .failure(CommandFailure("unknown activity '\(kind)' (expected editor, list or user)"))
        }
        if let failure = await checkDocument(activity, context) { return .failure(failure) }
        return .success(activity)
    }

    /// Refuses to open an editor on a document that cannot be read, before any scene changes.
    private static func checkDocument(_ activity: UserActivity, _ context: CommandContext) async -> CommandFailure? {
        guard let id = activity.payload(as: DocumentEditActivity.self)?.documentId else { return nil }
        if case .failure(let error) = await context.services.fetchDocument.execute(id: id) {
            return CommandFailure(UserMessages.text(for: error))
        }
        return nil
    }
}
