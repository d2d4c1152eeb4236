import FlyingFox

/// The `GET /live` web socket.
///
/// The server speaks once the client has (any text message, such as `{"type":"subscribe"}`): a
/// server that wrote first could land its hello in the same read as the upgrade response, before
/// the client's socket is ready for frames. Then a hello with the change numbers, and one text
/// message per change (collection, id, version, deleted, serverVersion); later client messages
/// are ignored. Changes made meanwhile wait in the subscription, so none is lost.
struct LiveSocket: WSMessageHandler {
    let feed: LiveFeed

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let texts = feed.subscribe()
        return AsyncStream { continuation in
            let task = Task {
                var incoming = client.makeAsyncIterator()
                guard await incoming.next() != nil else { return continuation.finish() }
                let forwarding = Task {
                    for await text in texts { continuation.yield(.text(text)) }
                    continuation.yield(.close(.goingAway))
                    continuation.finish()
                }
                while await incoming.next() != nil {}  // the client went away: stop sending
                forwarding.cancel()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The upgrade handler for the route.
    var handler: WebSocketHTTPHandler {
        WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: self))
    }
}
