import DemoBackend
import Domain
import Foundation
import Logging
import Platform
import Presentation
import Scenes
import ShellKit
import StrataData

/// A command of the Strata shell.
typealias Command = CommandSpec<CommandContext>

/// The state a command may read or change: the services, the registry and session settings.
final class CommandContext: ShellContext {
    /// The use cases.
    let services: AppServices
    /// The repositories of the features added with `scaffold-feature`.
    let features: FeatureServices
    /// The sandbox's file rules (`inbox …`, `docs export`, `app purge-caches`…).
    let sandbox: any SandboxFileAccess
    /// Launch readiness (`app readiness`).
    let readiness: LaunchReadiness<ContinuousClock>
    /// The commands, for dispatch, `help` and completion.
    let registry: CommandRegistry<CommandContext>
    /// The caches, for `cache stats` and `cache clear`.
    let caches: CacheControls
    /// The embedded demo server, unless `--remote` was given.
    let backend: DemoBackend?
    /// The server's fault and data controls (the embedded server's, or a remote one's).
    let serverControls: any DemoServerControls
    /// How output is printed; `format` changes it.
    var format: OutputFormat
    /// How output is coloured.
    var styling = Styling(isEnabled: false)
    /// Whether each command's duration is printed (`timer on|off`).
    var timer = false
    /// Whether view-model state transitions are printed (`--trace-states`, `trace on|off`).
    var traceStates = false
    /// Where output goes (traces print here).
    let console: Console
    /// The windows.
    let scenes: SceneApplication
    /// Background refresh and silent pushes.
    let background: BackgroundServices
    /// The app's database (`app migrations`).
    let database: AppDatabase
    /// The app's lifecycle (`app memory-warning`).
    let lifecycle: ApplicationLifecycle
    /// Background, foreground and termination (`app background|foreground|terminate`).
    let transitions: AppTransitions<ContinuousClock>
    /// What entering the background evacuated.
    let evacuated: EvacuationTally
    /// The build configuration (`config show`).
    let configuration: AppConfiguration
    /// The settings (`settings …`).
    let settings: any SettingsStoring
    /// The signed-in session, to tell the user when the server ends it.
    let credentials: SessionCredentials
    /// Reloads the scenes that show what changed.
    let sceneSync: SceneSync
    /// Signals to and from the other processes on this container.
    let crossProcess: CrossProcessInvalidation?
    /// What the launch's resumption of queued uploads did, printed between commands.
    let uploads: UploadReports
    /// The server's live socket (nil when `live.updates` is off).
    let live: LiveUpdates?
    /// The system's notification authorization and push token (`push …`).
    let notifications: NotificationCenterStandIn
    /// The push token's registration with the server (`login`, `logout`, `push renew-token`).
    let deviceToken: DeviceTokenRegistration
    /// The device's network as the app's requests meet it (`device network`).
    let networkPath: NetworkPath
    /// The container's root, shared with the extension (`app extension`).
    let home: URL
    /// The server the app talks to (the extension talks to it too).
    let baseURL: URL
    /// The app itself, or one of its extensions (`--context`).
    let runContext: RunContext
    /// The clock view models wait on.
    let clock: any Clock<Duration> = ContinuousClock()
    /// How long one command may take, every request and retry included (`--timeout`).
    let operationBudget: Duration
    /// The sync state the prompt shows, refreshed after every command.
    private(set) var syncStatus = SyncStatus(
        pending: 0, parked: 0, conflicts: 0, lastSyncAt: nil, serverVersion: 0, network: .online)

    private let logger = Logger(label: "strata.repl")

    /// Creates the context of a session.
    init(app: CompositionRoot.App, registry: CommandRegistry<CommandContext>, format: OutputFormat, console: Console) {
        self.console = console
        self.services = app.services
        self.features = app.features
        self.sandbox = app.sandbox
        self.readiness = app.readiness
        self.caches = app.caches
        self.backend = app.backend
        self.serverControls = app.serverControls
        self.scenes = app.scenes
        self.background = app.background
        self.database = app.database
        self.lifecycle = app.lifecycle
        self.transitions = app.transitions
        self.evacuated = app.evacuated
        self.configuration = app.configuration
        self.settings = app.settings
        self.credentials = app.credentials
        self.sceneSync = app.sceneSync
        self.crossProcess = app.crossProcess
        self.uploads = app.uploads
        self.live = app.live
        self.notifications = app.notifications
        self.deviceToken = app.deviceToken
        self.networkPath = app.networkPath
        self.home = app.home
        self.baseURL = app.baseURL
        self.runContext = app.runContext
        self.operationBudget = app.operationBudget
        self.registry = registry
        self.format = format
    }

    deinit {
        logger.debug("deinit CommandContext")
    }

    /// The prompt: `strata> `, `strata[editor:42]> ` while a scene is active, with
    /// ` (offline)`, ` (3 pending)`, ` (1 parked)` and ` (2 conflicts)` when they apply, so every
    /// change `outbox list` holds shows, and those waiting for the user stay in sight.
    var prompt: String {
        var text = "strata"
        if let session = scenes.activeSession { text += "[\(SceneOutput.label(session))]" }
        if syncStatus.network == .offline { text += " (offline)" }
        if syncStatus.pending > 0 { text += " (\(syncStatus.pending) pending)" }
        if syncStatus.parked > 0 { text += " (\(syncStatus.parked) parked)" }
        if syncStatus.conflicts > 0 {
            text += " (\(syncStatus.conflicts) \(syncStatus.conflicts == 1 ? "conflict" : "conflicts"))"
        }
        return text + "> "
    }

    /// After each command, the app is idle: the sync engine may resend what queued up while the
    /// server could not be reached (its decision), and the prompt's sync state is refreshed.
    func afterCommand() async {
        let sync = services.sync
        switch await OperationDeadline.run(within: operationBudget, { await sync.resumeIfNeeded() }) {
        case .success(let report)?:
            // What did not go says where it waits: a conflict for the user, a refusal parked.
            let waiting = [
                (report.resolved, "settled by policy"), (report.conflicts, "in conflict (see 'conflicts list')"),
                (report.parked, "parked (see 'outbox list')"),
            ].filter { $0.0 > 0 }.map { "; \($0.0) \($0.1)" }.joined()
            notice(
                "Back online: sent \(report.pushed) queued \(report.pushed == 1 ? "change" : "changes")\(waiting).",
                json: Notice(
                    notice: "back-online", sent: report.pushed, settled: report.resolved.nonZero,
                    conflicts: report.conflicts.nonZero, parked: report.parked.nonZero, message: nil))
        case .failure(let error)?:
            let message = CommandFailure(error).message
            console.err(format == .json ? JSONOutput.error(message, file: nil, line: nil) : "error: \(message)")
        case nil:
            break
        }
        for line in uploads.take() { notice(line, json: .saying("upload", line)) }
        syncStatus = await services.sync.status()
        if credentials.takeRefusal() {
            let message = "Please log in again: the server ended the session ('login NAME')."
            console.err(format == .json ? JSONOutput.error(message, file: nil, line: nil) : styling.warning(message))
        }
    }

    /// What the app says between commands, in `--format json`: one object a line, such as
    /// `{"notice":"back-online","sent":1}`; a resend also counts what was settled by policy, is
    /// in conflict or parked, when any was (`"conflicts":1`).
    struct Notice: Encodable {
        let notice: String
        let sent: Int?
        let settled: Int?
        let conflicts: Int?
        let parked: Int?
        let message: String?

        /// A notice of `kind` that is one sentence, with no counts.
        static func saying(_ kind: String, _ sentence: String) -> Notice {
            Notice(notice: kind, sent: nil, settled: nil, conflicts: nil, parked: nil, message: sentence)
        }
    }

    /// Prints a notice that no command asked for: the sentence, or its JSON object in
    /// `--format json`, so every line of JSON output is one JSON document.
    func notice(_ sentence: String, json: Notice) {
        console.out(format == .json ? JSONOutput.encode(json) : sentence)
    }

    /// Every command has one deadline, `--timeout` from its start: its requests, their retries
    /// and waits all end by then (Ctrl-C still cancels at once).
    func perform(_ command: () async throws(CommandFailure) -> CommandOutput) async throws(CommandFailure)
        -> CommandOutput
    {
        await sceneSync.catchUp()  // what changed while the shell waited for a line reaches the scenes first
        return try await OperationDeadline.run(within: operationBudget, command)
    }
}

extension Int {
    /// The number, or `nil` when it is 0: a JSON member that is left out when nothing happened.
    fileprivate var nonZero: Int? { self == 0 ? nil : self }
}
