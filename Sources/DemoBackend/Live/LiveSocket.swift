import Foundation
import HTTPTypes
import HummingbirdWebSocket
import Logging
import NIOCore

/// The `GET /live` web socket.
///
/// The server speaks once the client has (any text message, such as `{"type":"subscribe"}`): a
/// server that wrote first could land its hello in the same read as the upgrade response, before
/// the client's socket is ready for frames. Then a hello with the change numbers, and one text
/// message per change (collection, id, version, deleted, serverVersion); later client messages
/// are ignored. Changes made meanwhile wait in the subscription, so none is lost.
struct LiveSocket: Sendable {
    let feed: LiveFeed

    private enum Constants {
        /// The largest message a client may send (they are a few bytes; anything larger ends
        /// the socket instead of growing in memory).
        static let maxClientMessage = 4_096
    }

    /// Whether the server upgrades a request: only `GET /live`, and only when it passes `gate`.
    func shouldUpgrade(_ head: HTTPRequest, gate: RequestGate, count: @Sendable () -> Void)
        -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>>
    {
        guard head.method == .get, head.path?.split(separator: "?").first == "/live" else { return .dontUpgrade }
        var headers: [String: String] = [:]
        for field in head.headerFields where headers[field.name.canonicalName] == nil {
            headers[field.name.canonicalName] = field.value
        }
        if let authority = head.authority, headers["host"] == nil { headers["host"] = authority }
        let request = APIRequest(method: "GET", parts: ["live"], query: [:], headers: headers, body: Data())
        // A refused request is answered by the router, which refuses it again with its status.
        guard gate.refusal(request) == nil else { return .dontUpgrade }
        count()
        let feed = feed
        return .upgrade([:]) { inbound, outbound, _ in try await Self.serve(feed, inbound, outbound) }
    }

    /// Forwards the feed once the client has spoken, until either side ends.
    private static func serve(
        _ feed: LiveFeed, _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter
    ) async throws {
        let texts = feed.subscribe()
        let (spoken, speak) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { speak.finish() }
                for try await _ in inbound.messages(maxSize: Constants.maxClientMessage) { speak.yield() }
            }
            group.addTask {
                var heard = spoken.makeAsyncIterator()
                guard await heard.next() != nil else { return }
                for await text in texts { try await outbound.write(.text(text)) }
            }
            // Whichever ends first (the client went away, or the feed dropped every socket)
            // ends the other; returning closes the socket.
            try await group.next()
            group.cancelAll()
        }
    }
}
