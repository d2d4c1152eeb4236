import DemoBackend
import Domain
import Foundation
import Platform
import Presentation
import Scenes
import ShellKit
import Signals
import StrataData

/// The one place that picks concrete Data types for the Domain protocols and starts the app.
enum CompositionRoot {
    /// The moment `--deterministic` pins the clock to: 2026-01-02T09:00:00Z.
    static let deterministicNow = Date(timeIntervalSince1970: 1_767_344_400)

    /// A started app: its services, cache controls and, unless `--remote` was given, its server.
    struct App {
        let services: AppServices
        let caches: CacheControls
        let backend: DemoBackend?
        /// The server's fault and data controls: the embedded server's, or a remote demo
        /// server's admin routes.
        let serverControls: any DemoServerControls
        let baseURL: URL
        /// `Library/Preferences/` of the container: the history file lives here.
        let preferences: URL
        /// The database, for local read-only lookups such as Tab completion.
        let database: AppDatabase
        /// Background refresh and silent pushes.
        let background: BackgroundServices
        /// The windows: scene sessions, saved under `Library/Saved Application State/`.
        let scenes: SceneApplication
        /// The app's side of the scenes, which records discarded sessions.
        let sceneDelegate: StrataSceneAppDelegate
        /// Launch, background, memory warnings and termination.
        let lifecycle: ApplicationLifecycle
        /// What the app listens to in the lifecycle, for as long as it runs.
        let observations: [ApplicationLifecycle.Observation]
        /// How long one command may take, every request and retry included (`--timeout`).
        let operationBudget: Duration
        /// The repositories of the features added with `scaffold-feature`.
        let features: FeatureServices
        /// The sandbox's file rules: the Inbox, exports, caches and backups.
        let sandbox: any SandboxFileAccess
        /// Launch readiness: storage ready here, UI ready when the prompt can show.
        let readiness: LaunchReadiness<ContinuousClock>
        /// The app leaving the screen, coming back and ending (`app background|foreground|terminate`).
        let transitions: AppTransitions<ContinuousClock>
        /// The bytes the last `didEnterBackground` evacuated from the memory tiers marked for it.
        let evacuated: EvacuationTally
        /// The build configuration and where each value came from (`config show`).
        let configuration: AppConfiguration
        /// Small typed values in `Library/Preferences/<bundle identifier>.json`.
        let settings: any SettingsStoring
        /// Secrets in `Library/Keychain/secrets.json` (0600), apart from the settings.
        let secrets: any SecretStoring
        /// What the user must hear before the prompt (a secrets file that cannot be used).
        let launchWarnings: [String]
        /// The signed-in session the API client sends.
        let credentials: SessionCredentials
        /// Reloads the scenes that show what changed.
        let sceneSync: SceneSync
        /// The server's live socket, followed while the app is on screen (nil when `live.updates` is off).
        let live: LiveUpdates?
        /// The system's notification authorization and push token.
        let notifications: NotificationCenterStandIn
        /// The push token's registration with the server.
        let deviceToken: DeviceTokenRegistration
        /// The device's network as the app's requests meet it (`device network`).
        let networkPath: NetworkPath
        /// The container's root (`--home`), for the extension's process.
        let home: URL
        /// Signals to and from the other processes on this container (nil when the folder is unusable).
        let crossProcess: CrossProcessInvalidation?
        /// What the launch's resumption of queued uploads did, for the shell to print.
        let uploads: UploadReports
        /// The app itself, or one of its extensions (`--context`).
        let runContext: RunContext
    }

    /// Opens the container and database, starts the embedded server, and wires everything.
    static func start(options: ReplOptions, configuration: AppConfiguration) async -> Result<App, CommandFailure> {
        let readiness = LaunchReadiness(clock: ContinuousClock())
        let now = clock(deterministic: options.deterministic)
        let root =
            options.home.map { URL(fileURLWithPath: $0) }
            ?? AppContainer.defaultRoot(
                folder: configuration.containerFolder, environment: ProcessInfo.processInfo.environment)
        let container = AppContainer(root: root)
        let database: AppDatabase
        do {
            try container.prepare()
            database = try AppDatabase.open(at: container.databaseURL)
        } catch {
            return .failure(CommandFailure(error.localizedDescription))
        }
        await readiness.reach(.storageReady)
        // Nothing on the first screen needs these: they run in the first seconds after it shows.
        readiness.registerPolite("warm Tab completion") {
            _ = database.knownDocumentIDs()
            _ = database.knownUserIDs()
        }
        let backend: DemoBackend?
        let baseURL: URL
        switch await server(options: options, configuration: configuration, now: now) {
        case .failure(let failure): return .failure(failure)
        case .success(let started): (backend, baseURL) = started
        }
        if let refusal = transportRefusal(configuration, baseURL: baseURL) { return .failure(refusal) }
        let security = configuration.transportSecurity
        let secrets = FileSecretStore(url: container.keychain.appendingPathComponent("secrets.json"))
        let keeper = SecretTokenKeeper(store: secrets)
        var warnings = keeper.problem().map { [$0] } ?? []  // before the session is read from the store
        let credentials = SessionCredentials(keeper: keeper)
        let monitor = NetworkMonitor()
        let path = NetworkPath(DeviceConditions().network)  // the device starts where the scheduler does
        let timeout = configuration.timeout
        let budget = Duration.milliseconds(Int(timeout * 1000))
        let api = APIClient(
            baseURL: baseURL, http: PathGatedHTTPClient(base: NIOHTTPClient(timeout: timeout), path: path),
            security: security,
            retry: RetryPolicy(), clock: ContinuousClock(), now: now, monitor: monitor, budget: budget,
            credentials: credentials)
        let stack = DataStack(
            database: database, api: api, monitor: monitor, now: now,
            configuration: DataStack.Configuration(
                memoryLimits: options.context.memoryLimits(app: configuration.memoryLimits)))
        let services = AppServices(
            documents: stack.documentRepository, users: stack.userRepository, sync: stack.sync,
            sessions: SessionRepositoryImpl(api: api, credentials: credentials),
            devices: DeviceRegistrationRepositoryImpl(api: api, bundleIdentifier: configuration.bundleIdentifier),
            attachments: AttachmentRepositoryImpl(
                database: database, api: api, folder: container.applicationSupport.appendingPathComponent("Uploads"),
                now: now))
        let caches = CacheControls(stack: stack)
        let features = FeatureModule.services(stack: stack, api: api)
        let sceneDelegate = sceneAppDelegate(services: services, itemLists: features.lists)
        let scenes = SceneApplication(
            delegate: sceneDelegate, store: FileSceneStateStore(folder: container.savedApplicationState),
            registry: .strata)
        let sceneSync = SceneSync(
            scenes: scenes, changes: ObserveChangesUseCase(feed: database.changes), clock: ContinuousClock())
        var crossProcess: CrossProcessInvalidation?
        do {
            crossProcess = try CrossProcessInvalidation(folder: container.signals, stack: stack)
        } catch {
            warnings.append("\(error.localizedDescription); other processes' writes will not reach this one")
        }
        // An extension keeps no socket open: it runs briefly beside the app, which has one.
        let live =
            options.context == .app ? liveUpdates(configuration, baseURL: baseURL, sync: stack.sync, path: path) : nil
        follow(path, monitor: monitor, live: live)
        let notifications = NotificationCenterStandIn(file: container.notificationState)
        let settings = FileSettingsStore(
            url: container.preferences.appendingPathComponent(configuration.bundleIdentifier + ".plist"))
        warnings += [notifications.problem, settings.problem()].compactMap { $0 }
        let deviceToken = DeviceTokenRegistration(
            notifications: notifications, environment: configuration.pushEnvironment,
            register: services.registerDevice, deregister: services.deregisterDevice, requests: SerialRunner())
        // As an app calls `registerForRemoteNotifications()` at every launch (it asks the user
        // nothing), the token goes to the server once the first screen shows.
        if configuration.pushRegistration {
            readiness.registerPolite("register the device token") { await deviceToken.atLaunch() }
        }
        let uploads = UploadReports()
        if options.context == .app {  // the app resends what a crash or a drop left queued, as iOS does
            let attachments = services.attachments
            readiness.registerPolite("resume queued uploads") {
                await uploads.report { await attachments.resumeUploads() }
            }
        }
        let lifecycle = ApplicationLifecycle()
        let evacuated = EvacuationTally()
        let memoryObservation = lifecycle.observe { event in
            switch event {
            case .didReceiveMemoryWarning: caches.clearMemory()  // drop what can be rebuilt
            case .didEnterBackground:
                evacuated.bytes = caches.evacuateForBackground()  // the caches marked for it
                if let live { Task { await live.stop() } }  // sockets close in the background, as on iOS
            case .willEnterForeground:
                if let live { Task { await live.start() } }
            default: break
            }
        }
        return .success(
            App(
                services: services, caches: caches, backend: backend,
                serverControls: backend
                    ?? DemoBackendAdmin(baseURL: baseURL, token: adminToken(options), timeout: timeout),
                baseURL: baseURL,
                preferences: container.preferences, database: database,
                background: await BackgroundServices.start(sync: services.syncNow, database: database, now: now),
                scenes: scenes, sceneDelegate: sceneDelegate, lifecycle: lifecycle, observations: [memoryObservation],
                operationBudget: budget, features: features,
                sandbox: AppSandbox(container: container), readiness: readiness,
                transitions: AppTransitions(lifecycle: lifecycle, scenes: scenes, clock: ContinuousClock()),
                evacuated: evacuated, configuration: configuration,
                settings: settings,
                secrets: secrets, launchWarnings: warnings, credentials: credentials, sceneSync: sceneSync, live: live,
                notifications: notifications, deviceToken: deviceToken, networkPath: path, home: root,
                crossProcess: crossProcess, uploads: uploads, runContext: options.context)
        )
    }
}

/// What the app's `didEnterBackground` observer evacuated, for `app background` to report.
final class EvacuationTally {
    /// Bytes, by the memory tiers' cost.
    var bytes = 0
}

// MARK: - Private

extension CompositionRoot {
    /// The admin token for a server in another process: the flag, else `STRATA_ADMIN_TOKEN`, else
    /// the one `strata-server` keeps in the account's default data folder.
    private static func adminToken(_ options: ReplOptions) -> String? {
        options.adminToken ?? ProcessInfo.processInfo.environment["STRATA_ADMIN_TOKEN"]
            ?? DemoBackend.storedAdminToken(in: DemoBackend.defaultDataFolder())
    }

    private static func clock(deterministic: Bool) -> @Sendable () -> Date {
        if deterministic {
            let pinned = deterministicNow
            return { pinned }
        }
        return { Date() }
    }

    private static func sceneAppDelegate(services: AppServices, itemLists: [String: ItemListSource])
        -> StrataSceneAppDelegate
    {
        StrataSceneAppDelegate {
            DocumentEditorSceneDelegate(
                fetchDocument: services.fetchDocument, createDocument: services.createDocument,
                updateDocument: services.updateDocument, findConflict: services.findConflict)
        } makeItemEditor: {
            ItemEditorSceneDelegate(itemLists: itemLists, findConflict: services.findConflict)
        } makeBrowser: {
            BrowserSceneDelegate(
                services: BrowserSceneDelegate.Services(
                    listDocuments: services.listDocuments, searchDocuments: services.searchDocuments,
                    fetchUser: services.fetchUser, itemLists: itemLists, clock: ContinuousClock()))
        }
    }

    /// Why the configuration's transport rules refuse `baseURL`, if they do.
    private static func transportRefusal(_ configuration: AppConfiguration, baseURL: URL) -> CommandFailure? {
        if configuration.transportPolicy == .production {
            if !configuration.allowedHTTPHosts.isEmpty {
                return CommandFailure(
                    "the \(configuration.name) configuration uses the production transport policy, which allows "
                        + "no plain-HTTP exceptions (http.allowedHosts: \(configuration.allowedHTTPHosts.joined(separator: ", ")))"
                )
            }
            if configuration.transportSecurity.violation(for: baseURL) != nil {
                return CommandFailure(
                    "the \(configuration.name) configuration uses the production transport policy: no plain HTTP, "
                        + "loopback included, so it cannot start against \(baseURL.absoluteString) (use https)")
            }
            return nil
        }
        guard let violation = configuration.transportSecurity.violation(for: baseURL) else { return nil }
        let hint = baseURL.host().map(CommandFailure.allowHTTPHint) ?? ""
        return CommandFailure(violation.localizedDescription + hint)
    }

    private static func server(
        options: ReplOptions, configuration: AppConfiguration, now: @escaping @Sendable () -> Date
    ) async -> Result<(DemoBackend?, URL), CommandFailure> {
        if let remote = configuration.apiRoot {
            if options.serverData != nil {
                return .failure(
                    CommandFailure(
                        "--server-data is for the embedded server; the \(configuration.name) configuration uses "
                            + "\(remote.absoluteString)"))
            }
            return .success((nil, remote))
        }
        let folder = options.serverData.map { URL(fileURLWithPath: $0) } ?? DemoBackend.defaultDataFolder()
        do {
            let backend = try DemoBackend(data: folder, sharing: .shared, now: now, signIn: configuration.serverSignIn)
            return .success((backend, try await backend.start()))
        } catch {
            return .failure(CommandFailure("cannot start the embedded demo server: \(error)"))
        }
    }
}
