import Domain
import Synchronization

/// What the launch's resumption of queued uploads did, kept until the shell is between commands
/// (it runs in the background while the prompt waits, as a background session's events reach an
/// app when it next runs).
nonisolated final class UploadReports: Sendable {
    private let lines = Mutex<[String]>([])

    /// Keeps the lines a resumption earned (none when nothing was queued).
    func add(_ resumption: UploadResumption) {
        let report = AttachmentOutput.report(resumption)
        lines.withLock { $0 += report }
    }

    /// The lines kept so far, once.
    func take() -> [String] {
        lines.withLock { kept in
            defer { kept = [] }
            return kept
        }
    }
}
