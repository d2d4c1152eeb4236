import Domain
import Foundation
import Platform
import Presentation
import Scenes
import ShellKit

/// How scenes read in the shell: prompt labels, `scene list` rows and the editor view.
enum SceneOutput {
    /// `editor:42`, `editor:new`, `list`, `list:draft`, `user:7`, `list:expenses`, `list:expenses:taxi`, `expenses:3`,
    /// `editor:expenses/3`, `editor:expenses/new`, or the session id.
    static func label(_ session: SceneSession) -> String {
        let activity = session.currentActivity
        if let edit = activity?.payload(as: DocumentEditActivity.self) {
            return "editor:" + (edit.documentId.map(String.init) ?? "new")
        }
        if let list = activity?.payload(as: DocumentListActivity.self) {
            return list.query.isEmpty ? "list" : "list:\(list.query)"
        }
        if let profile = activity?.payload(as: UserProfileActivity.self) { return "user:\(profile.userId)" }
        if let list = activity?.payload(as: ItemListActivity.self) {
            return "list:\(list.collection)" + (list.query.isEmpty ? "" : ":\(list.query)")
        }
        if let shown = activity?.payload(as: ItemActivity.self) { return "\(shown.collection):\(shown.itemId)" }
        if let edit = activity?.payload(as: ItemEditActivity.self) {
            return "editor:\(edit.collection)/" + (edit.itemId.map(String.init) ?? "new")
        }
        return session.persistentIdentifier
    }

    /// Sessions as a table, plain lines and JSON (`{"scenes": [...]}`).
    static func sessions(_ sessions: [SceneSession]) -> CommandOutput {
        let rows = sessions.map(row)
        let header = ["ID", "CONFIGURATION", "STATE", "ACTIVITY"]
        let noun = sessions.count == 1 ? "scene" : "scenes"
        let table =
            sessions.isEmpty
            ? "0 scenes" : TextTable.render(rows: [header] + rows) + "\n\(sessions.count) \(noun)"
        return .rendered(
            table: table, plain: rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"),
            json: JSONOutput.encode(SceneListJSON(scenes: sessions.map(SceneJSON.init))))
    }

    /// One session, after a lifecycle command.
    static func session(_ session: SceneSession) -> CommandOutput {
        let cells = row(session)
        return .rendered(
            table: TextTable.render(rows: [cells]), plain: cells.joined(separator: "\t"),
            json: JSONOutput.encode(SceneJSON(session)))
    }

    /// The editor of `session`: its draft, state and cursor.
    static func editor(_ session: SceneSession, _ delegate: DocumentEditorSceneDelegate) -> CommandOutput {
        let view = EditorWindow(session: session.persistentIdentifier, delegate)
        let draft = delegate.editor?.draft ?? .empty
        let heading = "Editor \(view.session): " + (view.documentId.map { "document \($0)" } ?? "new document")
        // Every field but the body is a row, as `docs show` prints a document; the body goes under
        // them, and a row says when it changed. Changed fields are marked as an item editor marks them.
        let body = DocumentField.body.rawValue
        let fields = draft.fieldValues.filter { $0.name != body }
        let rows =
            [["state", view.state + (view.unsaved ? " (unsaved)" : "")]] + refusedRow(view.refusedField)
            + fields.map { [$0.name, marked($0.value.text, changed: view.changed.contains($0.name))] }
            + (view.changed.contains(body) ? [[body, marked("", changed: true)]] : [])
            + [["cursor", String(view.cursor)]]
        let text = draft.body.isEmpty ? "" : "\n\n" + draft.body
        return .rendered(
            table: heading + "\n" + TextTable.render(rows: rows) + text,
            plain: [view.session, view.documentId.map(String.init) ?? "", view.state, draft.title].joined(
                separator: "\t")
                + "\n" + draft.body,
            json: JSONOutput.encode(EditorJSON(window: view, fields: FieldRecord(draft.fieldValues))))
    }
}

// MARK: - Private

extension SceneOutput {
    private static func row(_ session: SceneSession) -> [String] {
        let marker = session.activationState == .foregroundActive ? "*" : ""
        let activity = session.currentActivity
        var summary = activity?.title ?? "-"
        if activity?.payload(as: DocumentEditActivity.self)?.hasDraft == true
            || activity?.payload(as: ItemEditActivity.self)?.changes.isEmpty == false
        {
            summary += " (unsaved draft)"
        }
        return [
            session.persistentIdentifier + marker, session.configuration.name, session.activationState.rawValue,
            summary,
        ]
    }

    /// `{"scenes": [...]}`.
    private struct SceneListJSON: Encodable {
        let scenes: [SceneJSON]
    }

    /// A session in `scene list --format json`; field names are a contract.
    private struct SceneJSON: Encodable {
        let persistentIdentifier: String
        let configuration: String
        let state: String
        let active: Bool
        let activity: UserActivity?

        init(_ session: SceneSession) {
            persistentIdentifier = session.persistentIdentifier
            configuration = session.configuration.name
            state = session.activationState.rawValue
            active = session.activationState == .foregroundActive
            activity = session.currentActivity
        }
    }

    /// The editor view in JSON: the window's members, then each field of the draft by its name in
    /// ``DocumentDraft/fieldValues``, as `docs show` names it.
    private struct EditorJSON: Encodable {
        let window: EditorWindow
        let fields: FieldRecord

        func encode(to encoder: any Encoder) throws {
            try window.encode(to: encoder)
            try fields.encode(to: encoder)
        }
    }

    /// An editor window's own members.
    private struct EditorWindow: Encodable {
        let session: String
        let documentId: Int?
        let state: String
        let unsaved: Bool
        let cursor: Int
        /// The field a rule refused in the last save, by name; absent when none was.
        let refusedField: String?
        /// The fields, by name, whose draft differs from the saved document (from an empty one when
        /// the document is new).
        let changed: [String]

        init(session: String, _ delegate: DocumentEditorSceneDelegate) {
            self.session = session
            documentId = delegate.editor?.saved?.id.rawValue ?? delegate.documentId
            let state = delegate.editor?.state
            self.state = state?.sceneName ?? "unopened"
            unsaved = state?.hasUnsavedChanges ?? true
            cursor = delegate.cursor
            refusedField = state?.refusedField
            let draft = delegate.editor?.draft ?? .empty
            let base = delegate.editor?.saved?.content ?? .empty
            changed = DocumentField.allCases.filter { $0.differs(draft, base) }.map(\.rawValue)
        }
    }
}

extension SceneOutput {
    /// The row an editor window shows under its state after a save a rule refused: the field the
    /// user must fix (the sentence was printed when the save failed).
    static func refusedRow(_ field: String?) -> [[String]] {
        field.map { [["refused", $0]] } ?? []
    }

    /// A field's text in an editor window's table, marked when the draft changed it.
    static func marked(_ text: String, changed: Bool) -> String {
        changed ? (text.isEmpty ? "(changed)" : text + " (changed)") : text
    }
}

extension ItemEditorViewState {
    /// The field a rule refused in the last save, by name; `nil` in any other state.
    var refusedField: String? {
        if case .failed(_, let failure) = self { failure.field } else { nil }
    }

    /// The state as an editor scene's `state` names it, in its table and JSON (a contract): the
    /// case alone, since the scene prints the draft, and a failure's reason was printed when the
    /// save failed.
    var sceneName: String {
        switch self {
        case .clean: "clean"
        case .dirty: "dirty"
        case .saving: "saving"
        case .saved(let item) where item.syncState == .pending: "saved (pending sync)"
        case .saved(let item) where item.syncState == .parked: "saved (parked)"
        case .saved: "saved"
        case .failed: "failed"
        case .conflict: "conflict"
        }
    }
}
