public import Foundation

/// Why a sync did not finish.
public enum SyncError: Error, LocalizedError, Equatable, Sendable {
    /// The server could not be reached; nothing is lost, the changes stay queued.
    case offline(pending: Int)
    /// The server asked to wait longer than the sync may take; nothing is lost.
    case busy(retryAfterSeconds: Int, pending: Int)
    /// The server answered the sync's request itself with a refusal (not one change's): the
    /// reason, as its status says it. It was reached, so waiting for a connection will not help;
    /// nothing is lost, the changes stay queued.
    case refused(String, pending: Int)
    /// The server answered with something the app cannot read (or its answer was cut off); the
    /// changes stay queued, and their keys make sending them again safe.
    case invalidData(pending: Int)
    /// The server's answer does not fit what was asked (another item, an older version, a list
    /// that does not move on); the reason says how. Nothing of it was kept.
    case unfitAnswer(String)
    /// No outbox entry has this number.
    case noSuchEntry(Int)
    /// The entry is not in conflict, so there is nothing to resolve.
    case notInConflict(Int)
    /// The entry waits to be sent: only a change the server refused, or one in conflict, can be
    /// discarded.
    case notParked(Int)
    /// The entry is a change to a collection this version of the app does not have (a feature
    /// taken out, or added by a newer version): it is kept for a version that has it, and can only
    /// be discarded here.
    case collectionNotInThisVersion(String)
    /// The merged version breaks a document rule.
    case invalidMerge(String)
    /// The device's storage failed.
    case storageFailure
    /// The sync was cancelled; what was sent stays sent.
    case cancelled
    /// The server wants a signed-in user (no session, or it expired); the changes wait for the
    /// next sign-in.
    case signInRequired(pending: Int)

    /// A short message for the user.
    public var errorDescription: String? {
        switch self {
        case .offline(0): "The server can't be reached; try again later"
        case .offline(let pending): "The server can't be reached; \(Self.changes(pending, "stays", "stay")) queued"
        case .busy(let seconds, 0): "The server is busy; try again in \(seconds) s"
        case .busy(let seconds, let pending):
            "The server is busy; \(Self.changes(pending, "stays", "stay")) queued; try again in \(seconds) s"
        case .refused(let reason, 0): "The server refused the sync: \(reason)"
        case .refused(let reason, let pending):
            "The server refused the sync: \(reason); \(Self.changes(pending, "stays", "stay")) queued"
        case .invalidData(0): "The server sent data the app can't read"
        case .invalidData(let pending):
            "The server sent data the app can't read; \(Self.changes(pending, "stays", "stay")) queued"
        case .unfitAnswer(let reason): "The server's answer does not fit the request: \(reason)"
        case .noSuchEntry(let id): "No outbox entry \(id)"
        case .notInConflict(let id): "Outbox entry \(id) is not in conflict"
        case .notParked(let id):
            "Outbox entry \(id) is waiting to be sent; only a parked change or one in conflict can be discarded"
        case .collectionNotInThisVersion(let name):
            "This version of the app has no \(name): the change is kept for a version that has, or can be discarded"
        case .invalidMerge(let reason): "The merged version can't be kept: \(reason)"
        case .storageFailure: "The device's storage failed"
        case .cancelled: "Cancelled"
        case .signInRequired(0): "Please log in again ('login NAME')"
        case .signInRequired(let pending):
            "Please log in again ('login NAME'); \(Self.changes(pending, "waits", "wait")) for it"
        }
    }

    /// "1 change stays", "3 changes stay": a count of changes and its verb.
    private static func changes(_ count: Int, _ singular: String, _ plural: String) -> String {
        count == 1 ? "1 change \(singular)" : "\(count) changes \(plural)"
    }
}

extension SyncError: UserFacingError {
    /// None: it is about no one field of an item.
    public var fieldName: String? { nil }

    /// What a screen may offer.
    public var remedy: Remedy {
        switch self {
        case .offline, .busy, .invalidData: .retry
        case .signInRequired: .signIn
        case .noSuchEntry, .notInConflict, .notParked, .collectionNotInThisVersion: .pickAnother
        case .invalidMerge: .fixInput
        case .refused, .unfitAnswer, .storageFailure, .cancelled: .none
        }
    }
}
