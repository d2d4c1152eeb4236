import Logging

/// The state a command may read or change: the services, the registry and session settings.
final class CommandContext {
    /// The use cases.
    let services: AppServices
    /// The commands, for `help`.
    let registry: CommandRegistry
    /// How output is printed; `format` changes it.
    var format: OutputFormat

    private let logger = Logger(label: "strata.repl")

    /// Creates the context of a session.
    init(services: AppServices, registry: CommandRegistry, format: OutputFormat) {
        self.services = services
        self.registry = registry
        self.format = format
    }

    deinit {
        logger.debug("deinit CommandContext")
    }
}
