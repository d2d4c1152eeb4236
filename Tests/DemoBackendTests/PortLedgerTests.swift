import LoopbackSockets
import Testing

@testable import DemoBackend

#if canImport(Glibc)
    import Glibc
#endif

/// The ports of a process's demo servers: a stopped server's port stays its own.
@Suite("The ledger of ports")
struct PortLedgerTests {
    /// A server given the port of a stopped one holds it for that one.
    ///
    /// A server stops by closing its listener, then holding the port. In between, the kernel gave
    /// that port to another server of the process asking for any; the stopped server's hold
    /// failed, and it could not start again (seen once in `make test`).
    @Test func aServerGivenAnothersPortHoldsItForThatServer() throws {
        let ledger = PortLedger()
        let port = try Self.freePort()
        let owner = ledger.newOwner()
        let taker = ledger.newOwner()
        let stranger = ledger.newOwner()
        #expect(ledger.give(port, to: owner, picked: true))
        #expect(!ledger.give(port, to: taker, picked: true), "the port was the owner's")
        ledger.hold(port)  // the taker stops, and moves on
        #expect(!Self.canBind(port), "nobody else is given the port while its owner is down")
        ledger.release(port, for: stranger)  // a server asking for that very port
        #expect(!Self.canBind(port), "only the owner may have it back")
        ledger.release(port, for: owner)  // the owner starts again
        #expect(Self.canBind(port))
    }

    /// A server starting again keeps its port until it listens: its listener binds over the
    /// hold, which goes only then.
    ///
    /// The hold was dropped before the listener bound, on another task; meanwhile the kernel could
    /// give the port to any socket that asked for a free one, and `server up` failed with "Address
    /// already in use" (seen about once in 18 runs of `make test`, under load).
    @Test func aServerStartingAgainKeepsItsPortUntilItListens() throws {
        let ledger = PortLedger()
        let port = try Self.freePort()
        let owner = ledger.newOwner()
        #expect(ledger.give(port, to: owner, picked: true))
        ledger.hold(port)  // the owner stops
        ledger.release(port, for: owner)  // and starts again
        #expect(!Self.canBindAlone(port), "the port is free before the owner listens on it")
        let listener = try LoopbackSocket.bound(port: port, sharingAddress: true, listening: 1)
        ledger.settle(port, for: owner)
        close(listener.descriptor)
        #expect(Self.canBindAlone(port), "the hold outlived the start")
    }

    /// A server that is gone keeps no port bound: nobody will start again on it.
    @Test func aServerThatIsGoneHoldsNoPort() throws {
        let ledger = PortLedger()
        let port = try Self.freePort()
        let owner = ledger.newOwner()
        #expect(ledger.give(port, to: owner, picked: true))
        ledger.hold(port)
        #expect(ledger.isHeld(port))
        ledger.retire(owner, port: port)
        #expect(!ledger.isHeld(port))
        ledger.hold(port)  // a server given the port by mistake stops
        #expect(!ledger.isHeld(port))
        #expect(Self.canBind(port))
        #expect(!ledger.give(port, to: ledger.newOwner(), picked: true), "the port is still not handed out again")
    }

    private static func freePort() throws -> UInt16 {
        let socket = try LoopbackSocket.bound(port: 0, sharingAddress: false, listening: 1)
        close(socket.descriptor)
        return try #require(UInt16(exactly: socket.port))
    }

    /// Whether a socket that does not share its address can bind `port`, as any socket the
    /// kernel gives a free port.
    private static func canBindAlone(_ port: UInt16) -> Bool {
        guard let socket = try? LoopbackSocket.bound(port: port, sharingAddress: false, listening: nil) else {
            return false
        }
        close(socket.descriptor)
        return true
    }

    private static func canBind(_ port: UInt16) -> Bool {
        guard let socket = try? LoopbackSocket.bound(port: port, sharingAddress: true, listening: 1) else {
            return false
        }
        close(socket.descriptor)
        return true
    }
}
