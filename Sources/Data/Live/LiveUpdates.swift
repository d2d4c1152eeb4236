public import Foundation
import Logging

/// Keeps the app connected to the server's live socket (`GET /live`) while it is on screen: each
/// change the server announces starts a pull of the changes since the last one applied, so the
/// database — and through its change feed every scene — follows the server within a round trip.
///
/// A burst of events costs a few pulls, not one each: while a pull runs, later events only ask
/// for one more. The pull is given the changes announced since the last one
/// (``AnnouncedChange``), so that it can count those this device made itself as applied instead
/// of fetching them back. After a drop it reconnects with exponential backoff and jitter on the injected
/// clock, and pulls on every (re)connection, so a change made while it was away is not missed.
public actor LiveUpdates {
    /// Where the connection stands.
    public enum Connection: Sendable, Equatable {
        /// Not started, or stopped.
        case stopped
        /// Opening the socket.
        case connecting
        /// The socket is open.
        case connected
        /// The socket closed or could not open; the next attempt starts after `retryIn`.
        case reconnecting(attempt: Int, retryIn: Duration, reason: String)
    }

    /// What `live status` reports.
    public struct Status: Sendable, Equatable {
        /// Where the connection stands.
        public var connection = Connection.stopped
        /// The change numbers of the collections this device holds, added up, in the last event or
        /// hello.
        public var lastVersion = 0
        /// Events received.
        public var events = 0
        /// Messages skipped because they were not events.
        public var malformed = 0
        /// Times the socket was opened again after a drop.
        public var reconnects = 0
        /// Pulls the events started.
        public var pulls = 0
        /// The change numbers the last pull brought this device to, added up.
        public var appliedVersion = 0
        /// Pulls that failed (each is tried again after the reconnection backoff's next delay while
        /// the socket is open).
        public var failedPulls = 0
    }

    /// What `live status` reports.
    public private(set) var status = Status()
    private let url: URL
    private let transport: any LiveTransport
    private let pull: @Sendable ([AnnouncedChange]) async -> Int?
    /// Whether events of a collection start a pull: the collections this device holds.
    private let pulls: @Sendable (String) -> Bool
    private let clock: any Clock<Duration>
    private let backoff: Backoff
    private let jitter: @Sendable () -> Double
    private var running: Task<Void, Never>?
    private var pulling: Task<Void, Never>?
    private var pullAgain = false
    /// Pulls that failed since the last one that did not: each retry waits longer, as a
    /// reconnection does, so a server that keeps failing is not asked every second by every device.
    private var failedPullsInARow = 0
    /// Each held collection's change number of the last event or hello, in the socket's order
    /// (nil until the hello).
    private var announcedUpTo: [String: Int]?
    /// The changes announced since the last pull started, oldest first.
    private var announced: [AnnouncedChange] = []
    /// Whether more changes were announced than the list keeps.
    private var announcedTooMany = false
    private let logger = Logger(label: "strata.data.live")
    /// The most announced changes kept for one pull.
    static let maxAnnounced = 50_000

    /// Follows the socket at `url` (`ws://host:port/live`); `pull` brings the server's changes
    /// into the database, given the changes announced since the last pull, and says the change
    /// numbers it reached, added up (nil when it failed); `pulls` says which collections' events
    /// start a pull (those this device holds); `jitter` gives a factor from 0.5 to 1 for each retry.
    public init(
        url: URL, transport: any LiveTransport, pull: @escaping @Sendable ([AnnouncedChange]) async -> Int?,
        pulls: @escaping @Sendable (String) -> Bool, clock: any Clock<Duration>, backoff: Backoff = Backoff(),
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.5...1) }
    ) {
        self.url = url
        self.transport = transport
        self.pull = pull
        self.pulls = pulls
        self.clock = clock
        self.backoff = backoff
        self.jitter = jitter
    }

    /// The live socket of the server at `baseURL` (`http://host:port` → `ws://host:port/live`).
    public static func socketURL(for baseURL: URL) -> URL? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
        components.scheme = components.scheme == "https" ? "wss" : "ws"
        components.path =
            (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path) + "/live"
        return components.url
    }

    /// Connects, and keeps reconnecting until ``stop()``.
    public func start() {
        guard running == nil else { return }
        running = Task { await self.run() }
    }

    /// Drops the socket and connects again at once, unless stopped: when the device's network
    /// changes, the old connection is gone and a backoff's wait says nothing about the new one.
    public func restart() {
        guard let old = running else { return }
        old.cancel()
        running = Task {
            await old.value  // the old loop gives the status back before the new one sets it
            await self.run()
        }
    }

    /// Closes the socket and stops reconnecting.
    public func stop() {
        running?.cancel()
        running = nil
        status.connection = .stopped
    }

    /// Waits for the pulls that events started (and the ones they asked for after).
    public func settle() async {
        while let pulling { await pulling.value }
    }

}

// MARK: - Private

extension LiveUpdates {
    private func run() async {
        var attempt = 0
        while !Task.isCancelled {
            status.connection = .connecting
            let reason: String
            do {
                let messages = try await transport.open(url)
                if attempt > 0 { status.reconnects += 1 }
                attempt = 0
                status.connection = .connected
                announcedUpTo = nil  // the hello starts the order again
                requestPull()  // what changed while away
                for try await message in messages { receive(message) }
                reason = "the server closed the socket"
            } catch let error as LiveError {
                reason = error.localizedDescription
            } catch {
                reason = "the socket broke: \(error)"
            }
            if Task.isCancelled { break }
            attempt += 1
            let delay = backoff.delay(attempt: attempt, jitter: jitter())
            status.connection = .reconnecting(attempt: attempt, retryIn: delay, reason: reason)
            logger.info("live socket: \(reason); trying again in \(delay)")
            do {
                try await clock.sleep(for: delay)
            } catch {
                break
            }
        }
    }

    private func receive(_ text: String) {
        guard let message = LiveMessage(text) else {
            status.malformed += 1
            logger.warning("live socket: skipped a message that is not an event: \(text.prefix(80))")
            return
        }
        switch message {
        case .hello(let versions):
            let held = versions.filter { pulls($0.key) }
            announcedUpTo = held
            status.lastVersion = held.values.reduce(0, +)
        case .change(let collection, let version, let item):
            status.events += 1
            guard pulls(collection) else { return }
            announce(collection, version, item)
            status.lastVersion = announcedUpTo?.values.reduce(0, +) ?? max(status.lastVersion, version)
            requestPull()
        }
    }

    /// Keeps a change in its collection's order, as the socket gave it, for the next pull.
    ///
    /// A change whose event does not say what it did is not kept, so the pull fetches it and what
    /// follows; past `maxAnnounced` changes, the pull fetches everything.
    private func announce(_ collection: String, _ version: Int, _ item: LiveMessage.ItemChange?) {
        if let after = announcedUpTo?[collection], let item {
            if announced.count < Self.maxAnnounced {
                announced.append(
                    AnnouncedChange(
                        collection: collection, id: item.id, version: item.version, deleted: item.deleted,
                        after: after, serverVersion: version))
            } else {
                announcedTooMany = true
            }
        }
        announcedUpTo?[collection] = version
    }

    private func retryAfterFailure() {
        pulling = nil
        if running != nil { requestPull() }
    }

    /// Starts a pull, or asks the running one for another after it.
    private func requestPull() {
        if pulling != nil {
            pullAgain = true
            return
        }
        status.pulls += 1
        let pull = pull
        let changes = announcedTooMany ? [] : announced
        announced = []
        announcedTooMany = false
        pulling = Task {
            let version = await pull(changes)
            self.pulled(reaching: version)
        }
    }

    private func pulled(reaching version: Int?) {
        pulling = nil
        guard let version else {
            // The gap is still there: try again after the backoff's next delay (events that come
            // meanwhile join that pull).
            status.failedPulls += 1
            failedPullsInARow += 1
            pullAgain = false
            let (clock, delay) = (clock, backoff.delay(attempt: failedPullsInARow, jitter: jitter()))
            pulling = Task {
                try? await clock.sleep(for: delay)
                self.retryAfterFailure()
            }
            return
        }
        failedPullsInARow = 0
        status.appliedVersion = max(status.appliedVersion, version)
        if pullAgain {
            pullAgain = false
            requestPull()
        }
    }
}

/// A message of the live socket.
enum LiveMessage: Equatable {
    /// What a change did to its resource.
    struct ItemChange: Equatable {
        let id: Int
        let version: Int
        let deleted: Bool
    }

    /// Sent first: each collection's change number.
    case hello(versions: [String: Int])
    /// One change: its collection, the collection's change number after it, and what it did to
    /// which resource (nil when the event does not say).
    case change(collection: String, version: Int, ItemChange?)

    private struct Wire: Decodable {
        let type: String
        let versions: [String: Int]?
        let collection: String?
        let id: Int?
        let version: Int?
        let deleted: Bool?
        let serverVersion: Int?
    }

    /// Reads a message; nil for anything that is not one.
    init?(_ text: String) {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(text.utf8)) else { return nil }
        switch (wire.type, wire.versions, wire.collection, wire.id, wire.serverVersion) {
        case ("hello", let versions?, _, _, _):
            self = .hello(versions: versions)
        case ("change", _, let collection?, let id?, let version?):
            var resource: ItemChange?
            if let changed = wire.version, let deleted = wire.deleted {
                resource = ItemChange(id: id, version: changed, deleted: deleted)
            }
            self = .change(collection: collection, version: version, resource)
        default:
            return nil
        }
    }
}
