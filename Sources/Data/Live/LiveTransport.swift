public import Foundation

/// Opens the server's live socket and hands over its text messages.
public protocol LiveTransport: Sendable {
    /// Connects to `url` (`ws://…/live`); the stream yields each text message and ends (or
    /// throws) when the socket closes.
    func open(_ url: URL) async throws(LiveError) -> AsyncThrowingStream<String, any Error>
}

/// Why the live socket could not be opened.
public enum LiveError: Error, Equatable, LocalizedError {
    /// The URL is not a `ws://` URL with a host and port.
    case badURL(String)
    /// The connection or the upgrade failed.
    case cannotConnect(String)
    /// The socket closed on an error: a message larger than the app reads, a broken frame.
    case closed(String)

    /// One line for the user.
    public var errorDescription: String? {
        switch self {
        case .badURL(let url): "cannot open a live socket to '\(url)'"
        case .cannotConnect(let reason): "cannot open the live socket: \(reason)"
        case .closed(let reason): "the live socket closed: \(reason)"
        }
    }
}
