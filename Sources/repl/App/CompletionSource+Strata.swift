import ShellKit

/// Where Tab finds the words of each completion source the commands name: local reads only,
/// never the network, since Tab must answer at once.
struct CompletionProviders {
    /// Identifiers of the documents stored on this device.
    var documentIDs: () -> [Int]
    /// Identifiers of the users stored on this device.
    var userIDs: () -> [Int]
    /// Identifiers of the open scene sessions.
    var sceneIDs: () -> [String]
    /// The fields of the item in the active item editor window.
    var editorFields: () -> [String]
    /// The names of the settings kept.
    var settingKeys: () -> [String]
    /// The collections the app syncs.
    var collections: () -> [String]

    /// The providers by source, as the completer takes them.
    var bySource: [CompletionSource: () -> [String]] {
        [
            .documentID: { documentIDs().map(String.init) },
            .userID: { userIDs().map(String.init) },
            .sceneID: sceneIDs,
            .editorField: editorFields,
            .settingKey: settingKeys,
            .collection: collections,
        ]
    }
}
