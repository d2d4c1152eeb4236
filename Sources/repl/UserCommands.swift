import Domain
import Presentation

/// The `user` commands.
enum UserCommands {
    /// Every `user` command, in help order.
    static var all: [CommandSpec] { [show] }
}

// MARK: - Private

extension UserCommands {
    private static let show = CommandSpec(
        name: "user show", group: .users, summary: "Show a user's profile",
        arguments: [ArgumentSpec(name: "ID", completion: .userID)], flags: [ReadPolicyFlag.spec],
        examples: ["user show 1"]
    ) { context, arguments in
        switch ArgumentValues.id(arguments.value("ID")) {
        case .failure(let failure): return .failure(failure)
        case .success(let id):
            let state = await context.present {
                UserProfileViewModel(id: id, fetchUser: context.services.fetchUser)
            } start: {
                $0.load(policy: ReadPolicyFlag.policy(arguments))
            }
            switch state {
            case .loaded(let user, let provenance): return .success(.user(user, provenance))
            case .failed(let message): return .failure(CommandFailure(message))
            case .idle, .loading: return .failure(CommandFailure("Cancelled"))
            }
        }
    }
}
