public import Domain
import Logging
public import Platform
import Presentation

/// Keeps every scene in step with the data: a change from any source (an editor's save, a sync,
/// a live event, another process) reloads each connected scene that shows what changed.
///
/// Changes first go through an adaptive ``UpdateBatcher`` (its fast interval, a frame, while the
/// scenes keep up; its slow one when their reloads take that long), then each scene's first-and-last
/// ``Debouncer``: the first batch of a burst reloads the scene at once, later ones at most once
/// per `interval`, and the last always gets its reload, so a burst of a thousand changes costs a
/// scene a handful of reloads.
///
/// ```swift
/// let sync = SceneSync(scenes: scenes, changes: ObserveChangesUseCase(feed: database.changes), clock: clock)
/// sync.start()
/// ```
// Main-actor by this module's default; spelled out because a release build of a module that
// imports this one otherwise reads the class as nonisolated and rejects its isolated deinit.
@MainActor
public final class SceneSync {
    /// The reloads made so far (screen updates), all scenes together.
    public private(set) var reloads = 0
    /// The changes received so far.
    public private(set) var received = 0
    /// When the recent reloads finished (the last 64), on the continuous clock.
    public private(set) var recentReloads: [ContinuousClock.Instant] = []
    private let scenes: SceneApplication
    private let changes: ObserveChangesUseCase
    private let interval: Duration
    private let clock: any Clock<Duration>
    private var debouncers: [String: Debouncer] = [:]
    private var batcher: UpdateBatcher<DataChange>?
    private var running: [Int: Task<Void, Never>] = [:]
    private var lastReload = 0
    private var following: Task<Void, Never>?
    /// How many changes the feed had announced when following began.
    private var announcedBefore = 0
    /// Whether the subscription ended (no announced change will arrive any more).
    private var followingEnded = false
    private let logger = Logger(label: "strata.presentation.scenes")

    /// Creates the coordinator; `interval` is how often a scene reloads at most during a burst.
    public init(
        scenes: SceneApplication, changes: ObserveChangesUseCase, interval: Duration = .milliseconds(200),
        clock: any Clock<Duration>
    ) {
        self.scenes = scenes
        self.changes = changes
        self.interval = interval
        self.clock = clock
        batcher = UpdateBatcher(fastInterval: .milliseconds(16), slowInterval: .milliseconds(250), clock: clock) {
            [weak self] batch in
            await self?.route(batch)
        }
    }

    isolated deinit {
        following?.cancel()
        logger.debug("deinit SceneSync")
    }

    /// Starts following the changes (once the UI is ready).
    public func start() {
        guard following == nil else { return }
        let (stream, before) = changes.executeCounted()
        announcedBefore = before
        following = Task { [weak self] in
            for await change in stream {
                guard let self else { return }
                self.received += 1
                self.batcher?.submit(change)
            }
            self?.followingEnded = true
        }
    }

    /// When the first reload that finished after `instant` did, if one has.
    public func firstReload(after instant: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        recentReloads.first { $0 > instant }
    }

    /// How long the batcher waits before its next batch (adapted to how long reloads take).
    public var batchInterval: Duration { batcher?.interval ?? .zero }

    /// Whether changes wait, a reload runs or a scene's debounce window is still open.
    public var isBusy: Bool {
        batcher?.isBusy == true || !running.isEmpty || debouncers.values.contains { $0.isPending }
    }

    /// Lets the changes already announced reach the scenes, runs the reloads their debounce
    /// windows hold back, and waits for every reload: what the scenes show is then up to date.
    public func catchUp() async {
        // Every change announced so far reaches the subscription, one per turn of the main actor:
        // yield until it has them all (a busy process may take many turns), or until the
        // subscription has ended and never will.
        if following != nil {
            let deadline = ContinuousClock.now + Constants.catchUpLimit
            while !followingEnded, received < changes.announcedCount() - announcedBefore,
                ContinuousClock.now < deadline
            {
                await Task.yield()
            }
        }
        await batcher?.deliverNow()
        for debouncer in debouncers.values { debouncer.flush() }
        while let (key, reload) = running.first {
            await reload.value
            running[key] = nil
        }
    }

    /// Routes a batch of changes to the scenes that show what they touch, and waits for the
    /// reloads it starts (so the batcher learns how long the screen takes).
    private func route(_ batch: [DataChange]) async {
        guard !batch.isEmpty else { return }
        let before = Set(running.keys)
        let open = Set(scenes.openSessions.map(\.persistentIdentifier))
        debouncers = debouncers.filter { open.contains($0.key) }
        for session in scenes.openSessions {
            guard let delegate = session.scene?.delegate as? any FollowsDataChanges,
                batch.contains(where: delegate.shows)
            else { continue }
            let identifier = session.persistentIdentifier
            let debouncer = debouncers[identifier] ?? Debouncer(interval: interval, mode: .firstLast, clock: clock)
            debouncers[identifier] = debouncer
            debouncer.submit { [weak self, weak delegate] in
                guard let self, let delegate else { return }
                self.lastReload += 1
                let key = self.lastReload
                self.running[key] = Task {
                    await delegate.reload()
                    self.reloads += 1
                    self.recentReloads = Array(self.recentReloads.suffix(63)) + [.now]
                    self.running[key] = nil
                }
            }
        }
        for (key, reload) in running where !before.contains(key) {
            await reload.value
        }
    }
}

// MARK: - Private

extension SceneSync {
    private enum Constants {
        /// The longest a catch-up waits for announced changes to arrive: they come at once unless
        /// the process is starved (a loaded test run), and the wait is a safety net.
        static let catchUpLimit = Duration.seconds(10)
    }
}
