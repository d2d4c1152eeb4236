public import Platform
import Presentation

/// The document list's state: the search query and how far it was scrolled.
nonisolated public struct DocumentListActivity: ActivityPayload {
    /// `com.strata.document.list`.
    public static let activityType = "com.strata.document.list"
    /// The first schema.
    public static let schemaVersion = 1
    /// The one list every list activity targets: opening it again reuses its scene.
    public static let targetContentIdentifier = "documents"

    /// The search query; empty for the whole list.
    public var query: String
    /// The index of the first row on screen.
    public var scrollPosition: Int

    /// Creates the payload.
    public init(query: String, scrollPosition: Int) {
        self.query = query
        self.scrollPosition = scrollPosition
    }
}
