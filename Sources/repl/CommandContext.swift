import DemoBackend
import Logging

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

    private let logger = Logger(label: "strata.repl")

    /// Creates the context of a session.
    init(app: CompositionRoot.App, registry: CommandRegistry, format: OutputFormat) {
        self.services = app.services
        self.caches = app.caches
        self.backend = app.backend
        self.registry = registry
        self.format = format
    }

    deinit {
        logger.debug("deinit CommandContext")
    }
}
