import Domain
import Foundation
import Platform
import Presentation
import ShellKit

/// The errors of the layers below in the shell's words: the user-facing message, plus a hint
/// naming the command or flag that helps (Domain and Platform errors never name one).
extension CommandFailure {
    /// A document error.
    init(_ error: DocumentError) {
        self.init(UserMessages.text(for: error) + Self.hint(error))
    }

    /// A user-profile error.
    init(_ error: UserError) {
        var hint = ""
        if case .insecureConnection(let host) = error { hint = Self.allowHTTPHint(host) }
        self.init(UserMessages.text(for: error) + hint)
    }

    /// A sync error.
    init(_ error: SyncError) {
        let hint =
            switch error {
            case .noSuchEntry: " (see 'outbox list')"
            case .notInConflict: " (see 'conflicts list')"
            default: ""
            }
        self.init((error.errorDescription ?? "\(error)") + hint)
    }

    /// A scene error.
    init(_ error: SceneError) {
        let hint =
            switch error {
            case .noSuchSession: " (see 'scene list')"
            default: ""
            }
        self.init((error.errorDescription ?? "\(error)") + hint)
    }

    /// An error of a feature made with `scaffold-feature`, in its own words.
    init(feature error: some LocalizedError) {
        self.init(UserMessages.text(for: error))
    }

    /// ` (--allow-http HOST)`: the flag that makes an exception for a plain-HTTP host.
    static func allowHTTPHint(_ host: String) -> String { " (--allow-http \(host))" }
}

// MARK: - Private

extension CommandFailure {
    private static func hint(_ error: DocumentError) -> String {
        if case .insecureConnection(let host) = error { return allowHTTPHint(host) }
        return ""
    }
}
