import Logging

/// What happens to the app as a whole, as `UIApplication` notifications report it.
nonisolated public enum ApplicationEvent: String, Sendable, CaseIterable {
    /// Launching finished (`didFinishLaunchingWithOptions`).
    case didFinishLaunching
    /// The app is on screen and receives input.
    case didBecomeActive
    /// The app is about to stop receiving input.
    case willResignActive
    /// The app went off screen; it may be suspended.
    case didEnterBackground
    /// The app is about to come back on screen.
    case willEnterForeground
    /// The system is short of memory: drop what can be rebuilt.
    case didReceiveMemoryWarning
    /// The app is about to end.
    case willTerminate
}

/// The app's state, as `UIApplication.State` names it.
nonisolated public enum ApplicationState: String, Sendable {
    /// On screen and receiving input.
    case active
    /// On screen, not receiving input (launching, or interrupted).
    case inactive
    /// Off screen.
    case background
}

/// The app's lifecycle: its state and the events that move it, delivered at once and in order to
/// every observer, as `NotificationCenter` delivers `UIApplication`'s notifications.
public final class ApplicationLifecycle {
    /// Stops an observation when it is cancelled or released.
    @MainActor
    public final class Observation {
        fileprivate weak var lifecycle: ApplicationLifecycle?
        fileprivate let id: Int

        fileprivate init(lifecycle: ApplicationLifecycle, id: Int) {
            self.lifecycle = lifecycle
            self.id = id
        }

        isolated deinit {
            cancel()
        }

        /// Stops delivering events to the observer.
        public func cancel() {
            lifecycle?.observers[id] = nil
        }
    }

    /// The current state.
    public private(set) var state = ApplicationState.inactive
    private var observers: [Int: (ApplicationEvent) -> Void] = [:]
    private var nextObserver = 0
    private let logger = Logger(label: "strata.platform.lifecycle")

    /// A lifecycle that has not launched yet.
    public init() {}

    deinit {
        logger.debug("deinit ApplicationLifecycle")
    }

    /// Calls `handler` with every event posted from now on, until the observation goes away.
    public func observe(_ handler: @escaping (ApplicationEvent) -> Void) -> Observation {
        let id = nextObserver
        nextObserver += 1
        observers[id] = handler
        return Observation(lifecycle: self, id: id)
    }

    /// The system says `event` happened: the state follows and every observer hears it before
    /// this returns.
    public func post(_ event: ApplicationEvent) {
        switch event {
        case .didBecomeActive: state = .active
        case .willResignActive, .willEnterForeground, .didFinishLaunching: state = .inactive
        case .didEnterBackground, .willTerminate: state = .background
        case .didReceiveMemoryWarning: break
        }
        logger.info("application \(event.rawValue)")
        for id in observers.keys.sorted() { observers[id]?(event) }
    }
}
