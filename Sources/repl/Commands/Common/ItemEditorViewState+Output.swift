import Domain
import Presentation
import ShellKit

/// An item the shell saves through the generic editor (a document, a feature's item): how a
/// save's outcome prints.
protocol EditorRendering: ItemRendering {
    /// What items are called (`recipe`, `recipes`).
    static var noun: Noun { get }
    /// The output for the item as just saved.
    static func savedOutput(_ item: Self) -> CommandOutput
}

extension CommandFailure {
    /// An `edit` whose flags leave the item as it is (none given, or each the value it holds):
    /// the flags that would change it, as `docs edit` and every feature's `edit` say it.
    @MainActor static func nothingToChange(flags: [FlagSpec]) -> CommandFailure {
        CommandFailure("Nothing to change: give a new value with " + flags.map { $0.name }.joined(separator: ", "))
    }
}

extension ItemEditorViewState: CommandOutcome where Item: EditorRendering {
    /// The saved item, or why it was not saved; a save that never finished was cancelled.
    func commandOutput() throws(CommandFailure) -> CommandOutput {
        switch self {
        case .saved(let item): return Item.savedOutput(item)
        case .failed(_, let failure): throw CommandFailure(failure.message)
        case .clean: throw CommandFailure("Nothing to change")
        case .dirty, .saving: throw .cancelled
        case .conflict(_, let versions):
            let theirs =
                switch versions.map(\.remote) {
                case .some(.some(let remote)): "the server has version \(remote.version)"
                case .some(.none): "the server deleted this \(Item.noun.one)"
                case .none: "the server changed this \(Item.noun.one) too"
                }
            throw CommandFailure("saved on this device, but \(theirs) (see 'conflicts list')")
        }
    }
}
