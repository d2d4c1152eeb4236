import Domain
import Foundation
import Platform
import Presentation
import Scenes
import ShellKit

extension CommandGroup {
    /// Editing the document of the active editor scene.
    static let editor = CommandGroup("Editor")
}

/// The commands that edit the document of the active editor scene; every change is saved with
/// the scene's session at once, so a crash never loses the draft.
enum EditorCommands {
    /// Every editor command, in help order.
    static var all: [Command] { [title, body, append, save, revert] }
}

// MARK: - Private

extension EditorCommands {
    private static let text = ArgumentSpec(name: "TEXT", takesRest: true)

    private static let title = Command(
        name: "edit title", group: .editor, summary: "Replace the draft's title", arguments: [text],
        examples: [#"edit title "Shopping list""#]
    ) { context, arguments throws(CommandFailure) in
        try withEditor(context) { $0.setTitle(arguments.value("TEXT") ?? "") }
    }

    private static let body = Command(
        name: "edit body", group: .editor, summary: "Replace the draft's body", arguments: [text],
        examples: [#"edit body "milk, eggs""#]
    ) { context, arguments throws(CommandFailure) in
        try withEditor(context) { $0.setBody(arguments.value("TEXT") ?? "") }
    }

    private static let append = Command(
        name: "edit append", group: .editor, summary: "Add text at the end of the draft's body", arguments: [text],
        examples: [#"edit append ", bread""#]
    ) { context, arguments throws(CommandFailure) in
        try withEditor(context) { $0.append(arguments.value("TEXT") ?? "") }
    }

    private static let save = Command(
        name: "save", group: .editor, summary: "Save the active editor's draft", examples: ["save"]
    ) { context, _ throws(CommandFailure) in
        let (session, editor) = try activeEditor(context)
        guard let model = editor.editor else { throw CommandFailure("the document is not open") }
        await model.save()?.value
        if case .failed(_, let failure, _) = model.state { throw CommandFailure(failure.message) }
        if case .clean = model.state { throw CommandFailure(UserMessages.text(for: .noChanges)) }
        return try persisted(context, SceneOutput.editor(session, editor))
    }

    private static let revert = Command(
        name: "revert", group: .editor, summary: "Throw the active editor's draft away", examples: ["revert"]
    ) { context, _ throws(CommandFailure) in
        try withEditor(context) { $0.revert() }
    }

    /// The active session and its editor, or why there is none.
    private static func activeEditor(
        _ context: CommandContext
    ) throws(CommandFailure) -> (SceneSession, DocumentEditorSceneDelegate) {
        guard let session = context.scenes.activeSession,
            let editor = session.scene?.delegate as? DocumentEditorSceneDelegate
        else {
            throw CommandFailure("No editor is active (open one with 'scene open editor ID')")
        }
        if let failure = editor.loadFailure {
            throw CommandFailure("the document did not open: \(failure) (its draft is kept)")
        }
        return (session, editor)
    }

    /// Applies `change` to the active editor, saves the scene state and prints the editor.
    private static func withEditor(
        _ context: CommandContext, _ change: (DocumentEditorSceneDelegate) -> Void
    ) throws(CommandFailure) -> CommandOutput {
        let (session, editor) = try activeEditor(context)
        change(editor)
        return try persisted(context, SceneOutput.editor(session, editor))
    }

    /// `output`, once the scene state is saved; a failed save is an error, since the user
    /// would otherwise believe the draft is safe.
    private static func persisted(_ context: CommandContext, _ output: CommandOutput) throws(CommandFailure)
        -> CommandOutput
    {
        do {
            try context.scenes.saveState()
            return output
        } catch {
            throw CommandFailure(error)
        }
    }
}
