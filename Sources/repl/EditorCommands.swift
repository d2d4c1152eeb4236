import Domain
import Foundation
import Platform
import Presentation

/// The commands that edit the document of the active editor scene; every change is saved with
/// the scene's session at once, so a crash never loses the draft.
enum EditorCommands {
    /// Every editor command, in help order.
    static var all: [CommandSpec] { [title, body, append, save, revert] }
}

// MARK: - Private

extension EditorCommands {
    private static let text = ArgumentSpec(name: "TEXT", takesRest: true)

    private static let title = CommandSpec(
        name: "edit title", group: .editor, summary: "Replace the draft's title", arguments: [text],
        examples: [#"edit title "Shopping list""#]
    ) { context, arguments in
        withEditor(context) { $0.setTitle(arguments.value("TEXT") ?? "") }
    }

    private static let body = CommandSpec(
        name: "edit body", group: .editor, summary: "Replace the draft's body", arguments: [text],
        examples: [#"edit body "milk, eggs""#]
    ) { context, arguments in
        withEditor(context) { $0.setBody(arguments.value("TEXT") ?? "") }
    }

    private static let append = CommandSpec(
        name: "edit append", group: .editor, summary: "Add text at the end of the draft's body", arguments: [text],
        examples: [#"edit append ", bread""#]
    ) { context, arguments in
        withEditor(context) { $0.append(arguments.value("TEXT") ?? "") }
    }

    private static let save = CommandSpec(
        name: "save", group: .editor, summary: "Save the active editor's draft", examples: ["save"]
    ) { context, _ in
        guard case .success(let (session, editor)) = activeEditor(context), let model = editor.editor else {
            return activeEditor(context).flatMap { _ in .failure(CommandFailure("the document is not open")) }
        }
        await model.save()?.value
        if case .failed(_, let message, _) = model.state { return .failure(CommandFailure(message)) }
        if case .clean = model.state { return .failure(CommandFailure(UserMessages.text(for: .noChanges))) }
        return persisted(context, SceneText.editor(session, editor))
    }

    private static let revert = CommandSpec(
        name: "revert", group: .editor, summary: "Throw the active editor's draft away", examples: ["revert"]
    ) { context, _ in
        withEditor(context) { $0.revert() }
    }

    /// The active session and its editor, or why there is none.
    private static func activeEditor(
        _ context: CommandContext
    ) -> Result<(SceneSession, DocumentEditorSceneDelegate), CommandFailure> {
        guard let session = context.scenes.activeSession,
            let editor = session.scene?.delegate as? DocumentEditorSceneDelegate
        else {
            return .failure(CommandFailure("No editor is active (open one with 'scene open editor ID')"))
        }
        if let failure = editor.loadFailure {
            return .failure(CommandFailure("the document did not open: \(failure) (its draft is kept)"))
        }
        return .success((session, editor))
    }

    /// Applies `change` to the active editor, saves the scene state and prints the editor.
    private static func withEditor(
        _ context: CommandContext, _ change: (DocumentEditorSceneDelegate) -> Void
    ) -> CommandResult {
        switch activeEditor(context) {
        case .failure(let failure): return .failure(failure)
        case .success(let (session, editor)):
            change(editor)
            return persisted(context, SceneText.editor(session, editor))
        }
    }

    /// `output`, once the scene state is saved; a failed save is an error, since the user
    /// would otherwise believe the draft is safe.
    private static func persisted(_ context: CommandContext, _ output: CommandOutput) -> CommandResult {
        do {
            try context.scenes.saveState()
            return .success(output)
        } catch {
            return .failure(CommandFailure(error.localizedDescription))
        }
    }
}
