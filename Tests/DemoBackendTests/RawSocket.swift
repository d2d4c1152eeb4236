import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes bytes to 127.0.0.1:`port` over a plain TCP socket and closes it: a client that goes
/// away in the middle of its request.
enum RawSocket {
    struct Failure: Error {}

    static func send(_ data: Data, toPort port: UInt16) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure() }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure() }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, data.count) }
        guard written == data.count else { throw Failure() }
    }
}
