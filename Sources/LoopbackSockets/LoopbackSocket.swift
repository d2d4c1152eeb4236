import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP socket bound to a port of its own on 127.0.0.1, for the hand-made servers of tests and
/// benchmarks that must misbehave in ways no real server library will.
public enum LoopbackSocket {
    /// Why no socket could be had.
    public struct Unavailable: Error {}

    /// A new socket bound to a free loopback port, listening with `backlog` unless that is `nil`
    /// (a bound socket that never listens refuses every connection), and its port; the caller
    /// closes it.
    public static func bound(listening backlog: Int32?) throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Unavailable() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
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
