import Foundation
import Logging

extension SceneApplication {
    /// What happened at launch, for the shell to tell the user.
    public struct LaunchReport: Equatable, Sendable {
        /// The sessions restored, with their scenes reconnected or not.
        public var restored: [String] = []
        /// The sessions discarded while the app was not running.
        public var discarded: [String] = []
        /// Problems that made the launch start from fresh state, one line each.
        public var warnings: [String] = []
    }

    /// Restores the saved sessions and reconnects the scenes that were on screen.
    ///
    /// Each scene reconnects from its saved activity. `discarding` names sessions the system
    /// destroyed while the app was not running; they are dropped first and the app delegate hears
    /// about them. Unreadable state is moved aside with a warning and the app starts with none.
    @discardableResult
    public func launch(discarding: [String] = []) async -> LaunchReport {
        var report = LaunchReport()
        guard let archive = readArchive(&report) else { return report }
        nextNumber = max(archive.nextNumber, 1)
        destroyedIdentifiers = Set(archive.destroyed)
        for record in archive.sessions {
            if discarding.contains(record.persistentIdentifier) {
                destroyedIdentifiers.insert(record.persistentIdentifier)
                report.discarded.append(record.persistentIdentifier)
                continue
            }
            let session = SceneSession(
                persistentIdentifier: record.persistentIdentifier, configuration: record.configuration,
                stateRestorationActivity: record.activity, userInfo: record.userInfo)
            session.lastSavedState = record.state
            openSessions.append(session)
            report.restored.append(session.persistentIdentifier)
        }
        if !report.discarded.isEmpty { delegate.didDiscardSceneSessions(report.discarded) }
        await reconnectForegroundScenes(&report)
        return report
    }
}

// MARK: - Private

extension SceneApplication {
    private func readArchive(_ report: inout LaunchReport) -> SceneArchive? {
        let data: Data
        do {
            guard let loaded = try store.load() else { return nil }
            data = loaded
        } catch {
            warn(error.errorDescription ?? "\(error)", into: &report)
            return nil
        }
        do {
            return try SceneArchive.decode(data, registry: registry)
        } catch {
            logger.info("the saved window state does not decode: \(ActivityRegistry.describe(error))")
            warn(store.quarantine(), into: &report)
            return nil
        }
    }

    private func reconnectForegroundScenes(_ report: inout LaunchReport) async {
        var active: SceneSession?
        for session in openSessions where session.lastSavedState.isForeground {
            do {
                try await connect(session, options: .init())
                if session.lastSavedState == .foregroundActive { active = session }
            } catch {
                warn(error.errorDescription ?? "\(error)", into: &report)
            }
        }
        if let active, let scene = active.scene {
            do { try scene.move(to: .foregroundActive) } catch {
                warn(error.errorDescription ?? "\(error)", into: &report)
            }
        }
    }

    /// The shell prints the report's warnings, one line each.
    private func warn(_ message: String, into report: inout LaunchReport) {
        report.warnings.append(message)
    }
}
