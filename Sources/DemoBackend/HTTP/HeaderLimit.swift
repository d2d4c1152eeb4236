import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// A server's connections as `Inner` sets them up, with a request whose head is larger than the
/// HTTP decoder's limits answered `431 Request Header Fields Too Large` (and the connection
/// closed) instead of dropped without a word.
///
/// The decoder stops reading at its limit (NIO's limits, set in ``DemoBackend``), so a header
/// line of megabytes costs no more than the limit; what it cannot do is answer. The handler sits
/// right after the decoder, where that error arrives first.
struct HeaderLimit<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    /// Where each connection is kept while it is open.
    let connections: OpenConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        connections.add(channel)
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(Refusal(), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }

    /// Answers the decoder's overflow error; passes everything else along untouched (after a
    /// web socket upgrade it sees frames, not HTTP parts).
    final class Refusal: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny
        typealias OutboundOut = HTTPServerResponsePart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.fireChannelRead(data)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            guard let parsing = error as? HTTPParserError, parsing == .headerOverflow else {
                context.fireErrorCaught(error)
                return
            }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Length", value: "0")
            headers.add(name: "Connection", value: "close")
            let head = HTTPResponseHead(version: .http1_1, status: .requestHeaderFieldsTooLarge, headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            context.close(promise: nil)
        }
    }
}
