public import Domain
import Logging
public import Platform
public import Presentation

/// The "Item Editor" scene: edits one item of a generated feature in an ``ItemEditorViewModel``
/// and keeps its unsaved fields in the scene's restoration activity, as the document editor
/// keeps its draft, so a disconnected editor comes back as it was.
// Main-actor by this module's default; spelled out because a release build of a module that
// imports this one otherwise reads the class as nonisolated and rejects its isolated deinit.
@MainActor
public final class ItemEditorSceneDelegate: SceneDelegate {
    /// The editor of a window: its draft is the changed fields as typed, by name.
    public typealias Editor = ItemEditorViewModel<ListedItem, [String: String]>

    /// What the scene holds.
    public enum Content {
        /// Nothing yet: the scene has not connected.
        case empty
        /// The item is open in an editor (a new item at once).
        case editing(Editor)
        /// The item did not load; the requested changes wait, unchanged, with the reason.
        case unopened(ItemEditActivity, failure: String)
    }

    /// What the scene holds.
    public private(set) var content = Content.empty
    /// The collection and item edited, as the activity named them (`nil` for a new item).
    private var edited: (collection: String, itemId: Int?)?
    /// The editor, once the item loaded.
    public var editor: Editor? {
        if case .editing(let editor) = content { editor } else { nil }
    }
    /// Why the item did not load, if it did not.
    public var loadFailure: String? {
        if case .unopened(_, let failure) = content { failure } else { nil }
    }
    /// The feature of the edited collection, once the scene connected.
    public var source: ItemListSource? { edited.flatMap { itemLists[$0.collection] } }
    private let itemLists: [String: ItemListSource]
    private let findConflict: FindConflictUseCase
    private let logger = Logger(label: "strata.presentation.scenes")

    /// Creates the delegate over every feature's source, by collection, reading a save's conflict
    /// with `findConflict`.
    public init(itemLists: [String: ItemListSource], findConflict: FindConflictUseCase) {
        self.itemLists = itemLists
        self.findConflict = findConflict
    }

    isolated deinit {
        editor?.onDisappear()
        logger.debug("deinit ItemEditorSceneDelegate")
    }

    /// Opens the requested item, or the session's saved one, with its unsaved fields.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) async {
        let restored = session.stateRestorationActivity?.payload(as: ItemEditActivity.self)
        let requested = options.userActivities.lazy.compactMap { $0.payload(as: ItemEditActivity.self) }.first
        guard var payload = requested ?? restored else { return }
        if let requested, let restored, requested.collection == restored.collection,
            requested.itemId == restored.itemId
        {
            payload.changes = restored.changes.merging(requested.changes) { _, newer in newer }
        }
        await open(payload)
    }

    /// Applies the fields `activity` carries to the open item, or opens the item it names.
    public func scene(_ scene: Scene, continue activity: UserActivity) async {
        guard var requested = activity.payload(as: ItemEditActivity.self) else { return }
        if let current = shown, current.collection == requested.collection,
            current.itemId == requested.itemId
        {
            requested.changes = current.changes.merging(requested.changes) { _, newer in newer }
        }
        await open(requested)
    }

    /// Cancels a save in flight; the changes stay and are saved with the session.
    public func sceneDidDisconnect(_ scene: Scene) {
        editor?.onDisappear()
    }

    /// The item and its unsaved fields.
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        shown.map { .itemEdit($0, noun: source?.noun ?? $0.collection) }
    }

    /// Types `text` into the field `name`; `false`, changing nothing, when the item has no such field.
    public func set(_ name: String, to text: String) -> Bool {
        guard let editor, source?.fields.contains(name) == true else { return false }
        let saved = editor.saved?.fields.first { $0.name == name }?.text
        editor.edit { changes in changes[name] = text == saved ? nil : text }
        return true
    }

    /// Throws the unsaved fields away.
    public func revert() {
        editor?.revert()
    }
}

// MARK: - Private

extension ItemEditorSceneDelegate {
    /// What the window shows now: the collection, the item (its saved identifier once a new
    /// item is saved) and the unsaved fields, as its restoration activity carries them.
    public var shown: ItemEditActivity? {
        switch content {
        case .empty: return nil
        case .unopened(let waiting, _): return waiting
        case .editing(let editor):
            guard let edited else { return nil }
            return ItemEditActivity(
                collection: edited.collection, itemId: editor.saved?.id ?? edited.itemId,
                changes: editor.state.draft ?? [:])
        }
    }

    private func open(_ payload: ItemEditActivity) async {
        editor?.onDisappear()
        edited = (payload.collection, payload.itemId)
        guard let source = itemLists[payload.collection] else {
            content = .unopened(payload, failure: "this app has no feature with the collection '\(payload.collection)'")
            return
        }
        var item: ListedItem?
        if let id = payload.itemId {
            switch await source.fetchItem(id, .cacheFirst) {
            case .success(let fetched): item = fetched.value
            case .failure(.failed(let failure)):
                content = .unopened(payload, failure: failure.message)
                return
            case .failure(.cancelled):
                content = .unopened(payload, failure: "opening the item was cancelled")
                return
            }
        }
        // The draft holds only the fields the user changed, so a newer version shows through the
        // rest as it is: there is nothing to move.
        let findConflict = findConflict
        let editor = Editor(
            name: "\(source.capitalizedNoun)EditorViewModel", editing: item, draft: [:], draftOf: { _ in [:] },
            rebase: { changes, _, _ in changes },
            findConflict: { await findConflict.execute(collection: payload.collection, itemId: $0.id) },
            save: source.save)
        // Only the feature's fields are kept: a restored draft of an older build drops what it lost.
        editor.edit { $0 = payload.changes.filter { source.fields.contains($0.key) } }
        content = .editing(editor)
    }
}

extension ItemEditorSceneDelegate {
    /// An item's fields are covered while the scene is in the background.
    public var isPrivacySensitive: Bool { true }
}
