public import Foundation

/// A remote notification as APNs delivers it: the `aps` dictionary the system reads, and the
/// app's own keys beside it.
///
/// ```json
/// {"aps": {"alert": {"title": "Plan", "body": "Updated"}, "target-content-id": "strata://documents/2"},
///  "documentId": 2}
/// ```
nonisolated public struct RemoteNotification: Sendable, Equatable {
    /// What a visible notification shows.
    public struct Alert: Sendable, Equatable {
        /// The bold first line (may be empty).
        public var title: String
        /// The text.
        public var body: String

        /// An alert with a title (may be empty) and a body.
        public init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }

    /// `aps.content-available: 1`: the app is woken to fetch (a silent push when there is no alert).
    public var contentAvailable: Bool
    /// `aps.alert`: what the user sees, if anything.
    public var alert: Alert?
    /// `aps.target-content-id`: which content (and so which scene) the notification is about.
    public var targetContentID: String?
    /// The app's own top-level keys, as JSON text.
    public var customKeys: [String: String]

    /// APNs refuses larger payloads.
    public static let maximumBytes = 4096

    /// A silent push: content available and nothing to show.
    public var isSilent: Bool { contentAvailable && alert == nil }

    /// Reads an APNs payload, or says in one line why it is not one.
    public static func parse(_ data: Data) throws(RemoteNotificationError) -> RemoteNotification {
        guard data.count <= maximumBytes else { throw .tooLarge(bytes: data.count) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .notJSON(reason: Self.reason(error))
        }
        guard let root = object as? [String: Any] else { throw .notJSONObject }
        guard let aps = root["aps"] as? [String: Any] else { throw .missingAPS }
        var contentAvailable = false
        if let value = aps["content-available"] {
            guard let number = value as? Int, number == 1 || number == 0 else {
                throw .badField("content-available", "1")
            }
            contentAvailable = number == 1
        }
        let alert: Alert?
        switch aps["alert"] {
        case nil: alert = nil
        case let text as String: alert = Alert(title: "", body: text)
        case let fields as [String: Any]:
            let title = fields["title"] as? String ?? ""
            let body = fields["body"] as? String ?? ""
            guard !(title.isEmpty && body.isEmpty) else { throw .badField("alert", "a title or a body") }
            alert = Alert(title: title, body: body)
        default: throw .badField("alert", "a string or an object with a title and a body")
        }
        var target: String?
        if let value = aps["target-content-id"] {
            guard let text = value as? String, !text.isEmpty else { throw .badField("target-content-id", "a string") }
            target = text
        }
        guard contentAvailable || alert != nil else { throw .nothingToDo }
        var custom: [String: String] = [:]
        for (key, value) in root where key != "aps" {
            let json = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
            custom[key] = json.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
        }
        return RemoteNotification(
            contentAvailable: contentAvailable, alert: alert, targetContentID: target, customKeys: custom)
    }

    /// Where and why the parser stopped (`too many nested arrays or dictionaries around character
    /// 513`), from its error.
    private static func reason(_ error: any Error) -> String {
        guard let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String, !detail.isEmpty else {
            return "unreadable"
        }
        let line = detail.hasSuffix(".") ? String(detail.dropLast()) : detail
        return line.prefix(1).lowercased() + line.dropFirst()
    }
}

/// Why a payload is not a remote notification.
nonisolated public enum RemoteNotificationError: Error, Equatable, LocalizedError {
    /// Over the APNs size limit.
    case tooLarge(bytes: Int)
    /// Not JSON at all, with where and why reading stopped.
    case notJSON(reason: String)
    /// JSON, but not an object.
    case notJSONObject
    /// No `aps` dictionary.
    case missingAPS
    /// A field of `aps` has the wrong shape.
    case badField(String, String)
    /// Neither content available nor an alert: the system would drop it.
    case nothingToDo

    /// One line for the user.
    public var errorDescription: String? {
        switch self {
        case .tooLarge(let bytes):
            "not an APNs payload: \(bytes) bytes (at most \(RemoteNotification.maximumBytes))"
        case .notJSON(let reason): "not an APNs payload: not JSON (\(reason))"
        case .notJSONObject: "not an APNs payload: expected a JSON object"
        case .missingAPS: "not an APNs payload: no \"aps\" dictionary"
        case .badField(let field, let expected): "not an APNs payload: aps.\(field) must be \(expected)"
        case .nothingToDo: "not an APNs payload: aps has neither content-available nor an alert"
        }
    }
}
