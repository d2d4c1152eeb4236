import FlyingSocks
import Foundation

/// Wraps FlyingFox's socket pool to set `TCP_NODELAY` on every socket it waits on.
///
/// FlyingFox writes a response's header and body separately; with Nagle's algorithm on, Linux
/// holds the second write for the peer's delayed ACK, about 40 ms per keep-alive request
/// (measured). Accepted sockets inherit the option from the listening socket.
struct NoDelaySocketPool: AsyncSocketPool {
    let base: any AsyncSocketPool

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        var enabled: Int32 = 1
        _ = setsockopt(
            socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size)
        )
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
