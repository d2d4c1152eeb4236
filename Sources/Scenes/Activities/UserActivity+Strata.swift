public import Foundation
public import Platform
public import Presentation

nonisolated extension UserActivity {
    /// Editing document `id` (a new document when `nil`), with an optional unsaved draft.
    public static func documentEdit(_ payload: DocumentEditActivity) -> UserActivity {
        let title = payload.documentId.map { "Edit document \($0)" } ?? "New document"
        return UserActivity(payload, title: title, targetContentIdentifier: payload.targetContentIdentifier)
    }

    /// The document list, filtered by `query` when it is not empty.
    public static func documentList(_ payload: DocumentListActivity) -> UserActivity {
        let title = payload.query.isEmpty ? "Documents" : "Documents matching \"\(payload.query)\""
        return UserActivity(
            payload, title: title, targetContentIdentifier: DocumentListActivity.targetContentIdentifier)
    }

    /// The list of a collection's items (a generated feature's), titled `title` and the query
    /// it is searched for, if any.
    public static func itemList(_ payload: ItemListActivity, title: String) -> UserActivity {
        let shown = payload.query.isEmpty ? title : "\(title) matching \"\(payload.query)\""
        return UserActivity(payload, title: shown, targetContentIdentifier: payload.targetContentIdentifier)
    }

    /// One item of a collection (a generated feature's), titled `title`.
    public static func item(_ payload: ItemActivity, title: String) -> UserActivity {
        UserActivity(payload, title: title, targetContentIdentifier: payload.targetContentIdentifier)
    }

    /// Editing item `itemId` of a collection (a new item when `nil`), with its unsaved fields;
    /// `noun` names an item (`expense`).
    public static func itemEdit(_ payload: ItemEditActivity, noun: String) -> UserActivity {
        let title = payload.itemId.map { "Edit \(noun) \($0)" } ?? "New \(noun)"
        return UserActivity(payload, title: title, targetContentIdentifier: payload.targetContentIdentifier)
    }

    /// User `id`'s profile.
    public static func userProfile(_ payload: UserProfileActivity) -> UserActivity {
        UserActivity(payload, title: "User \(payload.userId)", targetContentIdentifier: payload.targetContentIdentifier)
    }

    /// The activity a `strata://` URL opens: `strata://documents/42` edits document 42,
    /// `strata://documents?query=draft` lists documents, `strata://users/7` shows a profile, and
    /// `strata://expenses` lists a generated feature's items (`?query=` searches them when the
    /// feature has a search) and `strata://expenses/3` shows one
    /// when `itemLists` (each feature's source by its collection) has the collection.
    public static func routing(_ url: URL, itemLists: [String: ItemListSource]) -> Result<UserActivity, SceneError> {
        guard url.scheme == "strata" else {
            return .failure(.unsupportedURL("Unsupported URL '\(url.absoluteString)': only strata:// URLs open scenes"))
        }
        let path = url.pathComponents.filter { $0 != "/" }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "query" || $0.name == "q" }?.value
        switch (url.host(), path.count) {
        case ("documents", 0):
            return .success(.documentList(DocumentListActivity(query: query ?? "", scrollPosition: 0)))
        case ("documents", 1):
            if let id = Int(path[0]), id > 0 {
                return .success(
                    .documentEdit(DocumentEditActivity.opening(id)))
            }
        case ("users", 1):
            if let id = Int(path[0]), id > 0 { return .success(.userProfile(UserProfileActivity(userId: id))) }
        case (let collection?, 0):
            if let source = itemLists[collection] {
                if query?.isEmpty == false, source.search == nil {
                    return .failure(
                        .unsupportedURL("'\(collection)' has no search: open strata://\(collection) without a query"))
                }
                return .success(
                    .itemList(ItemListActivity(collection: collection, query: query ?? ""), title: source.title))
            }
        case (let collection?, 1):
            if let source = itemLists[collection], let id = Int(path[0]), id > 0 {
                return .success(.item(ItemActivity(collection: collection, itemId: id), title: source.title(of: id)))
            }
        default:
            break
        }
        let shown = "/" + ([url.host() ?? ""] + path).joined(separator: "/")
        return .failure(
            .unsupportedURL(
                "Unknown URL path '\(shown)' (expected strata://documents, strata://documents/ID, strata://users/ID "
                    + "or a feature's strata://COLLECTION[/ID])"))
    }
}
