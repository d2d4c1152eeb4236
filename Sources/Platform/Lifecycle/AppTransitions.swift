public import Foundation
import Logging

/// Why the app cannot make a lifecycle move.
nonisolated public enum AppTransitionError: Error, Equatable, Sendable, LocalizedError {
    /// `app background` while already in the background.
    case alreadyInBackground
    /// `app foreground` while on screen.
    case notInBackground
    /// A scene could not follow the app.
    case scene(SceneError)

    /// A one-line description.
    public var errorDescription: String? {
        switch self {
        case .alreadyInBackground: "The app is already in the background ('app foreground' brings it back)"
        case .notInBackground: "The app is not in the background ('app background' sends it there)"
        case .scene(let error): error.errorDescription
        }
    }
}

/// The app leaving the screen, coming back and ending, in the order UIKit runs them: the active
/// scene resigns, every foreground scene enters the background, observers hear
/// `didEnterBackground` (they evacuate caches and cover sensitive content), and the app spends
/// its background time (the system's grant to `beginBackgroundTask`) on `work`, which an expiration
/// handler cancels when the time runs out.
public final class AppTransitions<C: Clock> where C.Duration == Duration {
    /// What `enterBackground` did.
    public struct BackgroundReport: Sendable, Equatable {
        /// The sessions whose scenes went to the background, in order.
        public let scenes: [String]
        /// How the background work ended (`expired` when the time ran out).
        public let result: BackgroundTaskResult
        /// How long the background work took.
        public let elapsed: Duration
    }

    /// The background time the system grants after `didEnterBackground`.
    public let allowance: Duration
    private let lifecycle: ApplicationLifecycle
    private let scenes: SceneApplication
    private let clock: C
    private var backgrounded: [String] = []
    private var activeBefore: String?
    private var terminated = false
    private let logger = Logger(label: "strata.platform.lifecycle")

    /// Transitions for the app whose state `lifecycle` holds and whose windows `scenes` keeps.
    public init(lifecycle: ApplicationLifecycle, scenes: SceneApplication, clock: C, allowance: Duration = .seconds(30))
    {
        self.lifecycle = lifecycle
        self.scenes = scenes
        self.clock = clock
        self.allowance = allowance
    }

    deinit {
        logger.debug("deinit AppTransitions")
    }

    /// Whether the app is off screen.
    public var isInBackground: Bool { lifecycle.state == .background }

    /// Sends the app to the background, then runs `work` within the background time.
    public func enterBackground(
        work: @escaping @Sendable (BackgroundTask) async -> BackgroundTaskResult
    ) async throws(AppTransitionError) -> BackgroundReport {
        guard lifecycle.state != .background else { throw .alreadyInBackground }
        activeBefore = scenes.activeSession?.persistentIdentifier
        lifecycle.post(.willResignActive)
        backgrounded = []
        for session in scenes.openSessions where session.scene?.activationState.isForeground == true {
            do {
                try scenes.moveToBackground(session)
            } catch {
                throw .scene(error)
            }
            backgrounded.append(session.persistentIdentifier)
        }
        lifecycle.post(.didEnterBackground)
        let start = clock.now
        let result = await BackgroundTaskScheduler.run(
            work, identifier: "app background", budget: allowance, clock: clock)
        return BackgroundReport(scenes: backgrounded, result: result, elapsed: start.duration(to: clock.now))
    }

    /// Brings the app back; returns the sessions that came back.
    ///
    /// The scenes it sent to the background return to the screen and the one that was active
    /// becomes active again.
    public func enterForeground() async throws(AppTransitionError) -> [String] {
        guard lifecycle.state == .background else { throw .notInBackground }
        lifecycle.post(.willEnterForeground)
        do {
            // A scene closed meanwhile is skipped: only the open ones come back.
            for identifier in backgrounded {
                guard let session = try? scenes.session(identifier), session.scene != nil else { continue }
                try await scenes.moveToForeground(session)
            }
            if let activeBefore, let session = try? scenes.session(activeBefore), session.scene != nil {
                try await scenes.activate(session)
            }
        } catch {
            throw .scene(error)
        }
        lifecycle.post(.didBecomeActive)
        defer { backgrounded = [] }
        return backgrounded
    }

    /// Saves every session's state and tells observers the app ends; returns the sessions saved.
    ///
    /// A second call does nothing.
    @discardableResult
    public func terminate() throws(AppTransitionError) -> Int {
        guard !terminated else { return scenes.openSessions.count }
        terminated = true
        lifecycle.post(.willTerminate)
        do {
            try scenes.saveState()
        } catch {
            throw .scene(error)
        }
        return scenes.openSessions.count
    }
}
