import Domain
import Foundation
import Platform
import Presentation
import Scenes
import ShellKit

/// `push enable|settings|status|deliver|renew-token`: the REPL plays the system's side of remote
/// notifications (the permission prompt, the Settings app, APNs delivering a payload).
enum PushCommands {
    /// Every push command, in help order (`push silent` is with the background commands).
    static var all: [Command] { [enable, settings, status, deliver, renewToken] }
}

// MARK: - Private

extension PushCommands {
    private static let enable = Command(
        name: "push enable", group: .sync,
        summary: "Ask to show notifications (a contextual moment: never at launch); a denial is final",
        flags: [FlagSpec(name: "--answer", valueName: "allow|deny", help: "What the user answers (default allow)")],
        examples: ["push enable", "push enable --answer deny"], run: runEnable)

    private static let settings = Command(
        name: "push settings", group: .sync, summary: "Turn notifications on or off as the Settings app would",
        arguments: [ArgumentSpec(name: "STATE", completion: Switch.completion)],
        examples: ["push settings on"], run: runSettings)

    private static let status = Command(
        name: "push status", group: .sync, summary: "Show the authorization and whether the device token is registered",
        examples: ["push status"], run: runStatus)

    private static let deliver = Command(
        name: "push deliver", group: .sync,
        summary: "Deliver an APNs payload (FILE or JSON): silent ones fetch, visible ones open their content",
        arguments: [ArgumentSpec(name: "PAYLOAD", completion: .file)],
        examples: [#"push deliver '{"aps":{"content-available":1}}'"#, "push deliver Docs/examples/push-alert.json"],
        run: runDeliver)

    private static let renewToken = Command(
        name: "push renew-token", group: .sync,
        summary: "Have the system issue a new device token; the app registers it with the server",
        examples: ["push renew-token"], run: runRenew)

    private static func runEnable(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let answer = arguments.flag("--answer") ?? "allow"
        guard ["allow", "deny"].contains(answer) else {
            throw CommandFailure("--answer takes allow or deny, not '\(answer)'")
        }
        let outcome = context.notifications.requestAuthorization(userAllows: answer == "allow")
        switch (outcome.asked, outcome.authorization) {
        case (true, .authorized):
            return .message("“Strata” Would Like to Send You Notifications → Allow. Notifications are on.")
        case (true, _):
            return .message("“Strata” Would Like to Send You Notifications → Don't Allow. Notifications stay off.")
        case (false, .authorized): return .message("Notifications are already on.")
        default:
            return .message(
                "Notifications are off for Strata and the system will not ask again: turn them on in Settings "
                    + "('push settings on').")
        }
    }

    private static func runSettings(_ context: CommandContext, _ arguments: ParsedArguments)
        async throws(CommandFailure)
        -> CommandOutput
    {
        let isOn = try arguments.choice("STATE", as: Switch.self, label: "state").isOn
        context.notifications.set(isOn ? .authorized : .denied)
        return .message("Settings › Strata › Allow Notifications: \(context.notifications.authorization.rawValue).")
    }

    private static func runStatus(_ context: CommandContext, _: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let center = context.notifications
        return .message(
            """
            authorization  \(center.authorization.rawValue)
            device token   \(center.token.prefix(8))… (\(context.configuration.pushEnvironment.rawValue), \(center.isTokenRegistered ? "registered with the server" : "not registered"))
            """)
    }

    private static func runRenew(_ context: CommandContext, _: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let (token, failure) = await context.deviceToken.renew()
        guard let failure else { return .message("New device token \(token.prefix(8))…, registered with the server.") }
        throw CommandFailure(
            "new device token \(token.prefix(8))…: \(UserMessages.text(for: failure)) (it is sent again at the next launch)"
        )
    }

    private static func runDeliver(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let text = arguments.value("PAYLOAD") ?? ""
        let data: Data
        if let first = text.trimmingCharacters(in: .whitespaces).first, first == "{" || first == "[" {
            data = Data(text.utf8)
        } else {
            data = try InputFile.contents(of: text, what: "payload file", maxBytes: RemoteNotification.maximumBytes)
                .get()
        }
        let notification: RemoteNotification
        do {
            notification = try RemoteNotification.parse(data)
        } catch {
            throw CommandFailure(error.localizedDescription)
        }
        var lines: [String] = []
        if notification.contentAvailable {
            let result = await context.background.silentPush.receive()
            lines.append(
                result == .throttled
                    ? "Silent push: throttled (more than 3 in an hour)" : "Silent push: \(result.rawValue)")
        }
        if let alert = notification.alert {
            switch context.notifications.authorization {
            case .authorized:
                break
            case .notDetermined:
                lines.append("Not shown: Strata has not asked to show notifications yet ('push enable').")
                return .message(lines.joined(separator: "\n"))
            case .denied:
                lines.append("Not shown: notifications are off for Strata ('push settings on').")
                return .message(lines.joined(separator: "\n"))
            }
            lines.append("Notification: " + [alert.title, alert.body].filter { !$0.isEmpty }.joined(separator: " — "))
            if let target = notification.targetContentID { lines.append(try await open(target, context)) }
        }
        return .message(lines.joined(separator: "\n"))
    }

    /// Opens the notification's content in the scene that shows it, or a new one.
    private static func open(_ target: String, _ context: CommandContext) async throws(CommandFailure) -> String {
        guard let url = URL(string: target),
            case .success(let activity) = UserActivity.routing(url, itemLists: context.features.lists)
        else {
            return "No scene shows '\(target)': the notification opened nothing."
        }
        if let failure = await SceneCommands.unreadable(activity, context) {
            return "Its content is not available (\(failure)): the notification opened nothing."
        }
        do {
            let session = try await context.scenes.requestSceneSessionActivation(
                nil, userActivity: activity, options: SceneConnectionOptions(urlContexts: [url]))
            return "Opened \(target) in scene \(session.persistentIdentifier) (\(SceneOutput.label(session)))."
        } catch {
            throw CommandFailure(error)
        }
    }
}
