import Foundation
import TestSupport
import Testing

@testable import DemoBackend

#if canImport(Glibc)
    import Glibc
#endif

/// A stop ends every connection, also one on which no request ever came.
@Suite("Stopping the demo server", .timeLimit(.minutes(1)))
struct ServerStopTests {
    /// A connection an HTTP client's pool opened and never used is closed by the stop.
    ///
    /// Hummingbird waits for open connections when its server is cancelled, and that one never
    /// ended: the REPL's quit gave up waiting for it now and then.
    @Test func aConnectionWithNoRequestDoesNotHoldTheStop() async throws {
        let backend = try DemoBackend(signIn: .open)
        let url = try await backend.start()
        let socket = try RawSocket.connected(toPort: UInt16(try #require(url.port)))
        defer { close(socket) }
        try #require(await eventually { backend.connections.count > 0 })
        // The stop runs on its own, so that one stuck fails this test instead of hanging the run.
        let stopping = Task { await backend.stop() }
        try #require(await eventually { backend.connections.count == 0 }, "the stop left the connection open")
        await stopping.value
        var byte: UInt8 = 0
        #expect(read(socket, &byte, 1) <= 0, "the server closed the connection")
    }

    /// The port is held as soon as nobody listens on it, not once the connections have drained:
    /// meanwhile any socket of this process or another that asks the kernel for a free port could
    /// be given it (one was, a test's own listener, and the restart failed).
    ///
    /// The test waits for the event, not a moment: when the server has ended the idle connection
    /// (the end of its grace), the port must be held already. Watching the ledger every
    /// millisecond instead missed the grace when the machine was loaded.
    @Test func thePortIsHeldWhileTheConnectionsDrain() async throws {
        let backend = try DemoBackend(signIn: .open)
        let port = UInt16(try #require(try await backend.start().port))
        let socket = try RawSocket.connected(toPort: port)  // idle: the stop waits out its grace for it
        defer { close(socket) }
        try #require(await eventually { backend.connections.count > 0 })
        let stopping = Task { await backend.stop() }
        // Waits for the server to close the connection on a thread of its own (a blocked thread of
        // the pool could be the one the stop needs), and reads the ledger the moment it has.
        // 20 s at most, so a server that never closes it fails the test instead of hanging the run.
        let (ended, held) = await withCheckedContinuation { (done: CheckedContinuation<(Int, Bool), Never>) in
            Thread.detachNewThread {
                var watched = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                var byte: UInt8 = 0
                let ended = poll(&watched, 1, 20_000) == 1 ? read(socket, &byte, 1) : -1
                done.resume(returning: (ended, PortLedger.shared.isHeld(port)))
            }
        }
        await stopping.value
        #expect(ended == 0, "the server closed the connection")
        #expect(held, "the port was held only after the connection closed")
    }

    /// While it is down, the server keeps its port: a client is refused, and no other server can
    /// take the port (one did, started by another process, and the restart failed).
    @Test func aStoppedServerKeepsItsPortUntilItStartsAgain() async throws {
        let backend = try DemoBackend(signIn: .open)
        let url = try await backend.start()
        let port = UInt16(try #require(url.port))
        await backend.stop()
        #expect(throws: RawSocket.Failure.self) { try RawSocket.connected(toPort: port) }
        let other = try DemoBackend(port: port, signIn: .open)
        await #expect(throws: DemoBackendError.portTaken(port)) { try await other.start() }
        #expect(try await backend.start() == url)
        await backend.stop()
    }
}
