import Domain

/// The `user` commands.
enum UserCommands {
    /// Every `user` command, in help order.
    static var all: [CommandSpec] { [show] }
}

// MARK: - Private

extension UserCommands {
    private static let show = CommandSpec(
        name: "user show", group: .users, summary: "Show a user's profile",
        arguments: [ArgumentSpec(name: "ID")], flags: [ReadPolicyFlag.spec], examples: ["user show 1"]
    ) { context, arguments in
        switch ArgumentValues.id(arguments.value("ID")) {
        case .failure(let failure): return .failure(failure)
        case .success(let id):
            let policy = ReadPolicyFlag.policy(arguments)
            return await context.services.fetchUser.execute(id: id, policy: policy).commandResult {
                .user($0.value, Provenance($0))
            }
        }
    }
}
