import ShellKit

extension CommandRegistry where Context == CommandContext {
    /// Every command of the Strata shell, in help order: one line per feature, then the
    /// features added with `scaffold-feature` after the users.
    static var strata: CommandRegistry<CommandContext> {
        CommandRegistry(
            commands: DocumentCommands.all + AttachmentCommands.all + FileCommands.all + UserCommands.all
                + FeatureModule.all.flatMap(\.commands)
                + CacheCommands.all
                + SessionCommands.all + SyncCommands.all + LiveCommands.sync + BackgroundCommands.all + PushCommands.all
                + SceneCommands.all
                + EditorCommands.all
                + AppCommands.all + ExtensionCommands.all + ConfigCommands.all + SettingsCommands.all
                + LifecycleCommands.all
                + ServerCommands.all + LiveCommands.server + ShellCommands.all
        )
    }
}
