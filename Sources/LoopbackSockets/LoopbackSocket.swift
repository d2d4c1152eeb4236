import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// TCP sockets on 127.0.0.1 that no server library offers: the hand-made servers of tests and
/// benchmarks that must misbehave, and the port a stopped demo server keeps (``HeldPort``).
public enum LoopbackSocket {
    /// Why no socket could be had.
    public struct Unavailable: Error {}

    /// A new socket on `port` of 127.0.0.1 and its port; the caller closes it.
    ///
    /// Port 0 is a free one the kernel picks. The socket listens with `backlog` unless that is
    /// `nil`: a bound socket that never listens refuses every connection. `sharingAddress` sets
    /// `SO_REUSEADDR`, which a port with connections still in `TIME_WAIT` needs.
    public static func bound(port: UInt16, sharingAddress: Bool, listening backlog: Int32?) throws -> (
        descriptor: Int32, port: Int
    ) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Unavailable() }
        var reuse: Int32 = sharingAddress ? 1 : 0
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && (backlog.map { listen(descriptor, $0) == 0 } ?? true)
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw Unavailable()
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}

/// A loopback port kept bound without listening, until this is released: connecting to it is
/// refused, as to a free port, but the kernel gives it to no other socket that asks for any free
/// port (`bind` to port 0, an outgoing connection's local port).
///
/// A server that stops and starts again on the same port holds it in between, so that another
/// process's server cannot take it while it is down.
public final class HeldPort: Sendable {
    private let descriptor: Int32

    /// Binds `port` alone when it can, so that even a server asking for that very port is
    /// refused; with connections of the stopped server still in `TIME_WAIT` that bind fails, and
    /// the port is bound sharing its address, which still keeps it from the kernel's free picks.
    public init(keeping port: UInt16) throws {
        let alone = try? LoopbackSocket.bound(port: port, sharingAddress: false, listening: nil)
        descriptor = try alone?.descriptor ?? Self.shared(port)
    }

    /// Binds `port` sharing its address, for a listener to bind over.
    ///
    /// A listener that shares the address too can bind and listen over this hold (Linux lets one
    /// socket of those listen), while the kernel's free picks still pass the port by. A server
    /// starting again holds its port so until it listens.
    public init(handingOver port: UInt16) throws {
        descriptor = try Self.shared(port)
    }

    private static func shared(_ port: UInt16) throws -> Int32 {
        try LoopbackSocket.bound(port: port, sharingAddress: true, listening: nil).descriptor
    }

    deinit { close(descriptor) }
}
