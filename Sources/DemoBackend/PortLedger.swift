import LoopbackSockets
import Synchronization

/// The ports the demo servers of this process were given, who has each, and the holds kept on
/// them while their server is down.
///
/// A hold belongs to the port, not to the server that made it. A server stops by closing its
/// listener and then binding a ``HeldPort``; in between, another server of the process that asked
/// for any free port can be given that one. That server finds the port is another's, moves on,
/// and on its way out holds the port in the owner's place: the owner then starts again on it, as
/// if its own hold had never failed. On the way up, the server's listener binds over a hold that
/// shares the address (``release(_:for:)``), so the port is never free then either.
final class PortLedger: Sendable {
    /// Stands for one server in the ledger, never for another (an object's address can be reused).
    typealias Owner = UInt64

    /// The ledger every server of the process shares.
    static let shared = PortLedger()

    private struct Book {
        var owners: [UInt16: Owner] = [:]
        var holds: [UInt16: HeldPort] = [:]
        /// The holds of servers starting again, which their listeners bind over.
        var handovers: [UInt16: HeldPort] = [:]
        var issued: Owner = 0
        /// Servers that are gone: nobody starts again on their ports, which stay unused.
        var retired: Set<Owner> = []

        /// Whether `owner` may bind `port`: the port is its own, or nobody's yet.
        func mayBind(_ port: UInt16, _ owner: Owner) -> Bool {
            port != 0 && owners[port].map { $0 == owner } ?? true
        }
    }

    private let book = Mutex(Book())

    /// A new server's mark.
    func newOwner() -> Owner {
        book.withLock { book in
            book.issued += 1
            return book.issued
        }
    }

    /// Records that `owner` listens on `port`; returns false, recording nothing, when `owner`
    /// asked for any free port and another server had this one before (its clients may still
    /// hold its address, and must meet "connection refused", not another server).
    func give(_ port: UInt16, to owner: Owner, picked: Bool) -> Bool {
        book.withLock { book in
            if picked, let earlier = book.owners[port], earlier != owner { return false }
            book.owners[port] = owner
            return true
        }
    }

    /// Keeps `port` from the kernel's free picks while nobody listens on it, unless its server is
    /// gone; a port already held stays as it is.
    func hold(_ port: UInt16) {
        book.withLock { book in
            let gone = book.owners[port].map { book.retired.contains($0) } ?? false
            guard port != 0, book.holds[port] == nil, !gone else { return }
            book.holds[port] = try? HeldPort(keeping: port)
        }
    }

    /// Lets `owner` bind `port`, unless another server was given the port (a server asking for
    /// that very port is then refused, as the owner's own hold refuses it).
    ///
    /// The hold gives way to one that a listener sharing the address binds over, so the port is
    /// never free while the server starts: the kernel could give it to any socket in between,
    /// such as another process's outgoing connection, and the server could not have it back.
    /// ``settle(_:for:)`` drops that hold once the listener runs or failed.
    func release(_ port: UInt16, for owner: Owner) {
        book.withLock { book in
            guard book.mayBind(port, owner), book.holds.removeValue(forKey: port) != nil else { return }
            book.handovers[port] = try? HeldPort(handingOver: port)
        }
    }

    /// Drops the hold ``release(_:for:)`` left for `owner` starting on `port`.
    func settle(_ port: UInt16, for owner: Owner) {
        book.withLock { book in
            guard book.mayBind(port, owner) else { return }
            book.handovers[port] = nil
        }
    }

    /// `owner` is gone: its port is held no more (but no server that asks for any port gets it).
    func retire(_ owner: Owner, port: UInt16) {
        book.withLock { book in
            if book.mayBind(port, owner) {
                book.holds[port] = nil
                book.handovers[port] = nil
            }
            book.retired.insert(owner)
        }
    }

    /// Whether `port` is held now.
    func isHeld(_ port: UInt16) -> Bool { book.withLock { $0.holds[port] != nil } }
}
