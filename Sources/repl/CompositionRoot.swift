import Domain
import Foundation
import StrataData

/// The one place that picks concrete Data types for the Domain protocols.
enum CompositionRoot {
    /// The moment `--deterministic` pins the clock to: 2026-01-02T09:00:00Z.
    static let deterministicNow = Date(timeIntervalSince1970: 1_767_344_400)

    /// The services for a session with these options.
    static func services(for options: ReplOptions) -> AppServices {
        let now: @Sendable () -> Date
        if options.deterministic {
            let pinned = deterministicNow
            now = { pinned }
        } else {
            now = { Date() }
        }
        let documents = InMemoryDocumentStore(documents: SampleData.documents, now: now)
        let users = InMemoryUserStore(users: SampleData.users)
        return AppServices(documents: documents, users: users)
    }

    /// The commands of the shell, in help order.
    static func registry() -> CommandRegistry {
        CommandRegistry(commands: DocumentCommands.all + UserCommands.all + ShellCommands.all)
    }
}
