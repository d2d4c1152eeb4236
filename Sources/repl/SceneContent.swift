import Domain
import Platform
import Presentation

/// What `scene show` prints: the content of the scene a session shows.
enum SceneContent {
    /// The editor's draft, the browser's list or profile, or the saved activity of a
    /// disconnected session.
    static func render(_ session: SceneSession) -> CommandResult {
        guard let scene = session.scene else {
            let saved = session.stateRestorationActivity?.title ?? "nothing saved"
            return .success(
                .message(
                    "Scene session \(session.persistentIdentifier) is not connected (saved: \(saved)); "
                        + "'scene activate \(session.persistentIdentifier)' reconnects it."))
        }
        if let editor = scene.delegate as? DocumentEditorSceneDelegate {
            if let failure = editor.loadFailure {
                return .failure(CommandFailure("the document did not open: \(failure) (its draft is kept)"))
            }
            return .success(SceneText.editor(session, editor))
        }
        if let browser = scene.delegate as? BrowserSceneDelegate { return browserPage(browser) }
        return .success(.message("Scene \(session.persistentIdentifier) shows nothing."))
    }
}

// MARK: - Private

extension SceneContent {
    private static func browserPage(_ browser: BrowserSceneDelegate) -> CommandResult {
        if let state = browser.list?.state {
            switch state {
            case .loaded(let items, let provenance), .refreshing(let items, let provenance):
                return .success(.documents(items, provenance))
            case .empty: return .success(.documents([], nil))
            case .failed(let message): return .failure(CommandFailure(message))
            case .idle, .loading: return .success(.message("Loading…"))
            }
        }
        if let state = browser.search?.state {
            switch state {
            case .results(_, let items, let provenance): return .success(.documents(items, provenance))
            case .noResults: return .success(.documents([], nil))
            case .failed(_, let message): return .failure(CommandFailure(message))
            case .idle, .searching: return .success(.message("Searching…"))
            }
        }
        if let state = browser.profile?.state {
            switch state {
            case .loaded(let user, let provenance): return .success(.user(user, provenance))
            case .failed(let message): return .failure(CommandFailure(message))
            case .idle, .loading: return .success(.message("Loading…"))
            }
        }
        return .success(.message("The window is blank."))
    }
}
