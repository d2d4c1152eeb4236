import Domain
import Platform
import Presentation
import Scenes
import ShellKit

/// What `scene show` prints: the content of the scene a session shows.
enum SceneContent {
    /// An editor's draft, the browser's list, item or profile, or the saved activity of a
    /// disconnected session.
    static func render(_ session: SceneSession) throws(CommandFailure) -> CommandOutput {
        guard let scene = session.scene else {
            let saved = session.stateRestorationActivity?.title ?? "nothing saved"
            return .message(
                "Scene session \(session.persistentIdentifier) is not connected (saved: \(saved)); "
                    + "'scene activate \(session.persistentIdentifier)' reconnects it.")
        }
        if scene.showsPrivacyCover {
            return .message(
                "Scene \(session.persistentIdentifier) is in the background: its content is covered for privacy.")
        }
        if let editor = scene.delegate as? DocumentEditorSceneDelegate {
            try editor.checkOpened()
            return SceneOutput.editor(session, editor)
        }
        if let editor = scene.delegate as? ItemEditorSceneDelegate {
            try editor.checkOpened()
            return .rendered(ItemEditorOutput(session, editor))
        }
        if let browser = scene.delegate as? BrowserSceneDelegate { return try browserPage(browser) }
        return .message("Scene \(session.persistentIdentifier) shows nothing.")
    }
}

// MARK: - Private

extension SceneContent {
    private static func browserPage(_ browser: BrowserSceneDelegate) throws(CommandFailure) -> CommandOutput {
        if let state = browser.list?.state {
            if state == .idle || state == .loading { return .message("Loading…") }
            return try state.commandOutput()
        }
        if let state = browser.search?.state {
            switch state {
            case .idle, .searching: return .message("Searching…")
            default: return try state.commandOutput()
            }
        }
        if let state = browser.items?.state, let source = browser.itemSource {
            if state == .idle || state == .loading { return .message("Loading…") }
            let noun = Noun(one: source.noun, many: source.plural)
            return try state.commandOutput { .rendered(ListedItemsOutput(items: $0, provenance: $1, noun: noun)) }
        }
        if let state = browser.itemSearch?.state, let source = browser.itemSource {
            if case .searching = state { return .message("Searching…") }
            let noun = Noun(one: source.noun, many: source.plural)
            return try state.commandOutput { .rendered(ListedItemsOutput(items: $0, provenance: $1, noun: noun)) }
        }
        if let state = browser.item?.state, let source = browser.itemSource {
            switch state {
            case .idle, .loading: return .message("Loading…")
            case .loaded(let item, let provenance):
                return .rendered(ListedItemOutput(item: item, provenance: provenance, title: source.title(of: item.id)))
            case .failed(let failure): throw CommandFailure(failure.message)
            }
        }
        if let state = browser.profile?.state {
            if state == .idle || state == .loading { return .message("Loading…") }
            return try state.commandOutput()
        }
        return .message("The window is blank.")
    }
}
