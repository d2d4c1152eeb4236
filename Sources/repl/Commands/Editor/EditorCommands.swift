import Domain
import Foundation
import Platform
import Presentation
import Scenes
import ShellKit

extension CommandGroup {
    /// Editing the document or item of the active editor scene.
    static let editor = CommandGroup("Editor")
}

extension CompletionSource {
    /// The fields of the item in the active item editor window.
    static let editorField = CompletionSource("editor-field")
}

/// The commands that edit the document or item of the active editor scene; every change is
/// saved with the scene's session at once, so a crash never loses the draft.
enum EditorCommands {
    /// Every editor command, in help order.
    static var all: [Command] { [title, body, append, field, save, revert] }

    /// The fields `edit field` types in `window`: a document's, or those of the item's feature;
    /// none when it is not an editor.
    @MainActor
    static func fieldNames(in window: (any SceneDelegate)?) -> [String] {
        if window is DocumentEditorSceneDelegate { return DocumentField.allCases.map(\.rawValue) }
        return (window as? ItemEditorSceneDelegate)?.source?.fields ?? []
    }
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

    private static let field = Command(
        name: "edit field", group: .editor, summary: "Type a field of the active editor's draft",
        arguments: [
            ArgumentSpec(name: "NAME", completion: .source(.editorField)), ArgumentSpec(name: "VALUE", takesRest: true),
        ],
        examples: ["edit field tags home, work", "edit field amount 12.50"]
    ) { context, arguments throws(CommandFailure) in
        let name = arguments.value("NAME") ?? ""
        let value = arguments.value("VALUE") ?? ""
        if isItemEditorActive(context) {
            let (session, editor) = try activeItemEditor(context)
            guard editor.set(name, to: value) else { throw unknownField(name, expected: fieldNames(in: editor)) }
            return try persisted(context, .rendered(ItemEditorOutput(session, editor)))
        }
        guard context.scenes.activeSession?.scene?.delegate is DocumentEditorSceneDelegate else {
            throw CommandFailure(noEditorForField)
        }
        let (session, editor) = try activeEditor(context)
        guard let model = editor.editor else { throw CommandFailure("the document is not open") }
        guard let draft = try DocumentCommands.draft(model.draft, typing: value, into: name) else {
            throw unknownField(name, expected: fieldNames(in: editor))
        }
        editor.replaceDraft(with: draft)
        return try persisted(context, SceneOutput.editor(session, editor))
    }

    /// What `edit field` says when no editor window of either kind is active.
    private static let noEditorForField =
        "No editor is active (open one with 'scene open editor ID', and --collection NAME for a feature's item)"

    /// The failure of typing into a field the edited document or item does not have.
    private static func unknownField(_ name: String, expected names: [String]) -> CommandFailure {
        CommandFailure("unknown field '\(name)' (expected \(names.joined(separator: ", ")))")
    }

    private static let save = Command(
        name: "save", group: .editor, summary: "Save the active editor's draft", examples: ["save"]
    ) { context, _ throws(CommandFailure) in
        if isItemEditorActive(context) {
            let (session, editor) = try activeItemEditor(context)
            guard let model = editor.editor else { throw CommandFailure("the item is not open") }
            try await saveDraft(model, nothingToSave: "Nothing to save: change a field with 'edit field'")
            return try persisted(context, .rendered(ItemEditorOutput(session, editor)))
        }
        let (session, editor) = try activeEditor(context)
        guard let model = editor.editor else { throw CommandFailure("the document is not open") }
        try await saveDraft(model, nothingToSave: UserMessages.text(for: .noChanges))
        return try persisted(context, SceneOutput.editor(session, editor))
    }

    /// Saves `model`'s draft; a failed save, or one with nothing to save, is the command's error.
    private static func saveDraft<Item, Draft>(
        _ model: ItemEditorViewModel<Item, Draft>, nothingToSave: String
    ) async throws(CommandFailure) {
        await model.save()?.value
        if case .failed(_, let failure) = model.state { throw CommandFailure(failure.message) }
        if case .clean = model.state { throw CommandFailure(nothingToSave) }
    }

    private static let revert = Command(
        name: "revert", group: .editor, summary: "Throw the active editor's draft away", examples: ["revert"]
    ) { context, _ throws(CommandFailure) in
        guard isItemEditorActive(context) else { return try withEditor(context) { $0.revert() } }
        let (session, editor) = try activeItemEditor(context)
        editor.revert()
        return try persisted(context, .rendered(ItemEditorOutput(session, editor)))
    }

    /// Whether the active scene edits a feature's item (`save` and `revert` serve both editors).
    private static func isItemEditorActive(_ context: CommandContext) -> Bool {
        context.scenes.activeSession?.scene?.delegate is ItemEditorSceneDelegate
    }

    /// The active session and its item editor, or why there is none.
    private static func activeItemEditor(
        _ context: CommandContext
    ) throws(CommandFailure) -> (SceneSession, ItemEditorSceneDelegate) {
        try active(ItemEditorSceneDelegate.self, context)
    }

    /// The active session and its editor, or why there is none.
    private static func activeEditor(
        _ context: CommandContext
    ) throws(CommandFailure) -> (SceneSession, DocumentEditorSceneDelegate) {
        try active(DocumentEditorSceneDelegate.self, context)
    }

    /// The active session and its `Window`, or why there is none.
    private static func active<Window: EditorWindow>(
        _ window: Window.Type, _ context: CommandContext
    ) throws(CommandFailure) -> (SceneSession, Window) {
        guard let session = context.scenes.activeSession, let editor = session.scene?.delegate as? Window else {
            throw CommandFailure(Window.noneActive)
        }
        try editor.checkOpened()
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

/// An editor window the shell types into, whatever it edits.
protocol EditorWindow: AnyObject {
    /// What to say when no such window is active.
    static var noneActive: String { get }
    /// What it edits (`document`, `item`).
    static var edits: String { get }
    /// Why what it edits did not open, if it did not.
    var loadFailure: String? { get }
}

extension EditorWindow {
    /// Throws why what the window edits did not open, if it did not.
    func checkOpened() throws(CommandFailure) {
        if let failure = loadFailure {
            throw CommandFailure("the \(Self.edits) did not open: \(failure) (its draft is kept)")
        }
    }
}

extension DocumentEditorSceneDelegate: EditorWindow {
    static let noneActive = "No editor is active (open one with 'scene open editor ID')"
    static let edits = "document"
}

extension ItemEditorSceneDelegate: EditorWindow {
    static let noneActive = "No item editor is active (open one with 'scene open editor ID --collection NAME')"
    static let edits = "item"
}
