import Domain
import Logging
public import Platform
import Presentation

/// Strata's scene configurations: "Document Editor" for editing documents, "Item Editor" for
/// editing a generated feature's items, "Default Configuration" (a browser window) for
/// everything else.
public final class StrataSceneAppDelegate: SceneApplicationDelegate {
    /// The configuration of editor windows.
    public static let editorConfiguration = SceneConfiguration(name: "Document Editor")
    /// The configuration of a generated feature's item editors.
    public static let itemEditorConfiguration = SceneConfiguration(name: "Item Editor")
    /// The configuration of every other window.
    public static let defaultConfiguration = SceneConfiguration(name: "Default Configuration")

    /// Sessions discarded so far, oldest first (the REPL reports them).
    public private(set) var discarded: [String] = []
    private let makeEditor: () -> DocumentEditorSceneDelegate
    private let makeItemEditor: () -> ItemEditorSceneDelegate
    private let makeBrowser: () -> BrowserSceneDelegate
    private let logger = Logger(label: "strata.presentation.scenes")

    /// Creates the app delegate; the closures build each kind of scene delegate on demand.
    public init(
        makeEditor: @escaping () -> DocumentEditorSceneDelegate,
        makeItemEditor: @escaping () -> ItemEditorSceneDelegate, makeBrowser: @escaping () -> BrowserSceneDelegate
    ) {
        self.makeEditor = makeEditor
        self.makeItemEditor = makeItemEditor
        self.makeBrowser = makeBrowser
    }

    deinit {
        logger.debug("deinit StrataSceneAppDelegate")
    }

    /// "Document Editor" or "Item Editor" when the first activity edits a document or an item,
    /// else "Default Configuration".
    public func configurationForConnecting(_ options: SceneConnectionOptions) -> SceneConfiguration {
        switch options.userActivities.first?.activityType {
        case DocumentEditActivity.activityType: Self.editorConfiguration
        case ItemEditActivity.activityType: Self.itemEditorConfiguration
        default: Self.defaultConfiguration
        }
    }

    /// An editor delegate for editor windows, a browser delegate for the rest.
    public func makeSceneDelegate(for configuration: SceneConfiguration) -> any SceneDelegate {
        switch configuration {
        case Self.editorConfiguration: makeEditor()
        case Self.itemEditorConfiguration: makeItemEditor()
        default: makeBrowser()
        }
    }

    /// Records the discarded sessions.
    public func didDiscardSceneSessions(_ identifiers: [String]) {
        discarded += identifiers
        logger.info("discarded scene sessions \(identifiers.joined(separator: ", "))")
    }
}
