public import Platform
import Presentation

extension ActivityRegistry {
    /// Strata's own activities: document editing (versions 1 and 2 read too) and item lists (version 1 migrated), the document
    /// list, the lists, items and item editors of generated features and user profiles.
    nonisolated public static let strata: ActivityRegistry = {
        var registry = ActivityRegistry()
        registry.register(DocumentEditActivity.self)
        // Versions 1 and 2 lack members the current one reads as absent: the cursor and the tags.
        for version in 1...2 {
            registry.register(DocumentEditActivity.self, version: version, decoding: DocumentEditActivity.self) { $0 }
        }
        registry.register(DocumentListActivity.self)
        registry.register(ItemListActivity.self)
        registry.register(ItemListActivity.self, version: 1, decoding: ItemListActivity.Version1.self) {
            $0.migrated()
        }
        registry.register(ItemActivity.self)
        registry.register(ItemEditActivity.self)
        registry.register(UserProfileActivity.self)
        return registry
    }()
}
