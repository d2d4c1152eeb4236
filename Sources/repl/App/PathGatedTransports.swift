import Domain
import Foundation
import HTTPTypes
import Platform
import StrataData

/// The app's HTTP as the device's network lets it through: with no network every request fails
/// at once as one that cannot connect, as `URLSession` fails with `notConnectedToInternet`,
/// and reaches no server.
struct PathGatedHTTPClient: HTTPClientProtocol {
    let base: any HTTPClientProtocol
    let path: NetworkPath

    func send(_ request: HTTPRequest, body: Data?) async throws(TransportError) -> (HTTPResponse, Data) {
        guard path.isSatisfied else { throw .cannotConnect }
        return try await base.send(request, body: body)
    }

    func upload(_ request: HTTPRequest, fromFile file: URL) async throws(TransportError) -> (HTTPResponse, Data) {
        guard path.isSatisfied else { throw .cannotConnect }
        return try await base.upload(request, fromFile: file)
    }

    func download(_ request: HTTPRequest) async throws(TransportError) -> (HTTPResponse, URL) {
        guard path.isSatisfied else { throw .cannotConnect }
        return try await base.download(request)
    }
}

/// The live socket as the device's network lets it through: with no network it cannot open, and
/// `LiveUpdates` keeps trying on its backoff until the network comes back
/// (``CompositionRoot/follow(_:monitor:live:)`` then has it connect at once).
struct PathGatedLiveTransport: LiveTransport {
    let base: any LiveTransport
    let path: NetworkPath

    func open(_ url: URL) async throws(LiveError) -> AsyncThrowingStream<String, any Error> {
        guard path.isSatisfied else { throw .cannotConnect("the device has no network") }
        return try await base.open(url)
    }
}

extension CompositionRoot {
    /// Has the app follow the device's network: with none it is offline at once and the socket
    /// waits; regained, what waited goes after the command (the engine's turn, ADR 0020) and the
    /// socket opens now rather than after its backoff.
    static func follow(_ path: NetworkPath, monitor: NetworkMonitor, live: LiveUpdates?) {
        path.onChange { change in
            monitor.pathChanged(satisfied: change == .regained)
            if let live { Task { await live.restart() } }
        }
    }

    /// The live socket of the server at `baseURL`, pulling through `sync`, when the configuration
    /// wants it; it opens only while `path` has a network.
    static func liveUpdates(
        _ configuration: AppConfiguration, baseURL: URL, sync: SyncEngine, path: NetworkPath
    ) -> LiveUpdates? {
        guard configuration.liveUpdates, let url = LiveUpdates.socketURL(for: baseURL) else { return nil }
        return LiveUpdates(
            url: url,
            transport: PathGatedLiveTransport(base: WebSocketLiveTransport(connectTimeout: .seconds(2)), path: path),
            pull: { announced in try? await sync.catchUp(announced: announced).serverVersion },
            pulls: { sync.pulls($0) }, clock: ContinuousClock()
        )
    }
}
