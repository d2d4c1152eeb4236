import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes bytes to 127.0.0.1:`port` over a plain TCP socket and closes it: a client that goes
/// away in the middle of its request.
enum RawSocket {
    struct Failure: Error {}

    static func send(_ data: Data, toPort port: UInt16) throws {
        let descriptor = try connected(toPort: port)
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, data.count) }
        guard written == data.count else { throw Failure() }
    }

    /// Writes `data` to 127.0.0.1:`port` and returns what the server answers until it closes the
    /// connection (or `seconds` pass), with how long the answer's first byte took.
    ///
    /// The socket is read on a thread of its own: a blocked thread of the cooperative pool (two on
    /// this machine) would starve the server under test, whose routes run on that pool.
    /// With `headOnly`, it returns as soon as the answer's head is in, whether or not the
    /// connection stays open.
    static func exchange(_ data: Data, toPort port: UInt16, seconds: Int = 30, headOnly: Bool = false) async throws
        -> (text: String, first: Duration)
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result { try blockingExchange(data, toPort: port, seconds: seconds, headOnly: headOnly) })
            }
        }
    }

    private static func blockingExchange(_ data: Data, toPort port: UInt16, seconds: Int, headOnly: Bool) throws -> (
        text: String, first: Duration
    ) {
        let descriptor = try connected(toPort: port)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let started = ContinuousClock.now
        // The server may answer before it read everything (and close): a failed write is fine.
        _ = data.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, data.count, Int32(MSG_NOSIGNAL)) }
        var answer = [UInt8]()
        var first = Duration.zero
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            if answer.isEmpty { first = started.duration(to: .now) }
            answer += buffer[0..<count]
            if headOnly, String(decoding: answer, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        return (String(decoding: answer, as: UTF8.self), first)
    }

    /// A socket connected to 127.0.0.1:`port`.
    static func connected(toPort port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            throw Failure()
        }
        return descriptor
    }
}
