public import Domain
import Presentation

/// A scene delegate whose content follows changes to the data it shows.
public protocol FollowsDataChanges: AnyObject {
    /// Whether the scene shows something `change` touches.
    func shows(_ change: DataChange) -> Bool
    /// Reads again what the scene shows, keeping what the user has not saved.
    func reload() async
}

extension BrowserSceneDelegate: FollowsDataChanges {
    /// A document list or search shows any document, a collection's list or item any of its
    /// items; a profile shows none.
    public func shows(_ change: DataChange) -> Bool {
        switch page {
        case .documents: change.touchesDocuments
        case .items(let collection, _), .item(let collection, _): change.touches(collection: collection)
        case .blank, .profile: false
        }
    }

    /// Reads the list, the search or the item again (from the caches, which every write keeps right).
    public func reload() async {
        if let list {
            await list.refresh(policy: .cacheFirst).value
        } else if let search {
            await search.searchNow()?.value
        } else if let items {
            await items.refresh(policy: .cacheFirst).value
        } else if let itemSearch {
            await itemSearch.searchNow()?.value
        } else if let item {
            await item.load(policy: .cacheFirst).value
        }
    }
}

extension DocumentEditorSceneDelegate: FollowsDataChanges {
    /// Whether the change touches the document being edited.
    public func shows(_ change: DataChange) -> Bool {
        guard let id = editedID else { return false }
        return change.touches(id)
    }

    /// Reads the document again and hands it to the editor, which keeps the user's draft.
    public func reload() async {
        guard let id = editedID, let editor else { return }
        if case .success(let fetched) = await fetchDocument.execute(id: id) { editor.receive(fetched.value) }
    }

    private var editedID: Document.ID? {
        documentId.flatMap { try? DocumentRules.id($0) }
    }
}

extension ItemEditorSceneDelegate: FollowsDataChanges {
    /// Whether the change touches the collection of the item being edited (a new item shows
    /// none until it is saved).
    public func shows(_ change: DataChange) -> Bool {
        guard let shown, shown.itemId != nil else { return false }
        return change.touches(collection: shown.collection)
    }

    /// Reads the item again and hands it to the editor, which keeps the unsaved fields over it.
    public func reload() async {
        guard let editor, let id = shown?.itemId, let source,
            case .success(let fetched) = await source.fetchItem(id, .cacheFirst)
        else { return }
        editor.receive(fetched.value)
    }
}
