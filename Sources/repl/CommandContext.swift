import DemoBackend
import Logging
import Presentation

/// The state a command may read or change: the services, the registry and session settings.
final class CommandContext {
    /// The use cases.
    let services: AppServices
    /// The commands, for `help`.
    let registry: CommandRegistry
    /// The caches, for `cache stats` and `cache clear`.
    let caches: CacheControls
    /// The embedded demo server, unless `--remote` was given.
    let backend: DemoBackend?
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
    /// The clock view models wait on.
    let clock: any Clock<Duration> = ContinuousClock()

    private let logger = Logger(label: "strata.repl")

    /// Creates the context of a session.
    init(app: CompositionRoot.App, registry: CommandRegistry, format: OutputFormat, console: Console) {
        self.console = console
        self.services = app.services
        self.caches = app.caches
        self.backend = app.backend
        self.scenes = app.scenes
        self.registry = registry
        self.format = format
    }

    deinit {
        logger.debug("deinit CommandContext")
    }

    /// The prompt: `strata> `, or `strata[editor:42]> ` while a scene is active.
    var prompt: String {
        guard let session = scenes.activeSession else { return "strata> " }
        return "strata[\(SceneText.label(session))]> "
    }

    /// Runs a view model for one command (see ``StateTracer``), tracing when asked to.
    func present<Model: StatefulViewModel>(
        _ make: () -> Model, start: (Model) -> Task<Void, Never>?
    ) async -> Model.State {
        await StateTracer.run(make, trace: traceStates, console: console, start: start)
    }
}
