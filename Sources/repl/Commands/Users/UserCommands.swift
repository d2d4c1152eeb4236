import Domain
import Presentation
import ShellKit

extension CommandGroup {
    /// User profiles.
    static let users = CommandGroup("Users")
}

extension CompletionSource {
    /// Identifiers of the users stored on this device.
    static let userID = CompletionSource("user-id")
}

/// The `user` commands.
enum UserCommands {
    /// Every `user` command, in help order.
    static var all: [Command] { [show] }
}

// MARK: - Private

extension UserCommands {
    private static let show = Command(
        name: "user show", group: .users, summary: "Show a user's profile",
        arguments: [ArgumentSpec(name: "ID", completion: .source(.userID))], flags: [ReadPolicyFlag.spec],
        examples: ["user show 1"]
    ) { context, arguments throws(CommandFailure) in
        let id = try arguments.userID()
        return try await context.run {
            UserProfileViewModel(id: id, fetchUser: context.services.fetchUser)
        } start: {
            $0.load(policy: arguments.readPolicy)
        }
    }
}
