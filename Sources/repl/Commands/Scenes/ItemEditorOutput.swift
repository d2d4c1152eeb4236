import Platform
import Presentation
import Scenes
import ShellKit

/// What an item editor window prints: its state, then each field as it stands, the changed
/// ones marked.
struct ItemEditorOutput: CommandRendering {
    let view: ItemEditorJSON

    /// The editor of `session`.
    init(_ session: SceneSession, _ delegate: ItemEditorSceneDelegate) {
        view = ItemEditorJSON(session: session.persistentIdentifier, delegate)
    }

    func table(styling: Styling) -> String? {
        let noun = view.noun
        let heading = "Editor \(view.session): " + (view.itemId.map { "\(noun) \($0)" } ?? "new \(noun)")
        let rows =
            [["state", view.state + (view.unsaved ? " (unsaved)" : "")]] + SceneOutput.refusedRow(view.refusedField)
            + view.fields.map { [$0.name, SceneOutput.marked($0.text, changed: $0.changed)] }
        return heading + "\n" + TextTable.render(rows: rows)
    }

    func plain() -> String? {
        ([[view.session, view.itemId.map(String.init) ?? "", view.state].joined(separator: "\t")]
            + view.fields.map { "\($0.name)\t\($0.text)" }).joined(separator: "\n")
    }

    func json() -> String { JSONOutput.encode(view) }
}

/// An item editor in JSON; field names are a contract: add, never rename.
struct ItemEditorJSON: Encodable {
    /// One field as the window shows it.
    struct Field: Encodable {
        let name: String
        let text: String
        let changed: Bool
    }

    let session: String
    let collection: String
    let noun: String
    let itemId: Int?
    let state: String
    let unsaved: Bool
    let fields: [Field]
    /// The field a rule refused in the last save, by name; absent when none was.
    let refusedField: String?

    init(session: String, _ delegate: ItemEditorSceneDelegate) {
        self.session = session
        let shown = delegate.shown
        collection = shown?.collection ?? ""
        noun = delegate.source?.noun ?? collection
        itemId = shown?.itemId
        let editor = delegate.editor
        let state = editor?.state
        self.state = state?.sceneName ?? "unopened"
        unsaved = state?.hasUnsavedChanges ?? true
        let changes = shown?.changes ?? [:]
        let saved = editor?.saved?.fields ?? []
        fields = (delegate.source?.fields ?? []).map { name in
            let text = changes[name] ?? saved.first { $0.name == name }?.text ?? ""
            return Field(name: name, text: text, changed: changes[name] != nil)
        }
        refusedField = state?.refusedField
    }
}
