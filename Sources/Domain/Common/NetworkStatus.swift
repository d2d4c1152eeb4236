/// What recent requests say about the server, learned from real requests, never pre-checked.
public enum NetworkStatus: String, Sendable, Hashable {
    /// The last request reached the server and succeeded.
    case online
    /// The last request could not reach the server.
    case offline
    /// The server answered, but with errors or too slowly.
    case degraded
}
