import Domain
import Foundation
import Platform
import ShellKit
import StrataData
import Synchronization

/// `app background|foreground|terminate` and `device …`: the REPL plays the system moving the app
/// off screen and back, ending it, and changing the device's power and network.
enum LifecycleCommands {
    /// Every lifecycle and device command, in help order.
    static var all: [Command] { [background, foreground, terminate, deviceCharging, deviceNetwork, deviceStatus] }
}

// MARK: - Private

extension LifecycleCommands {
    private struct BackgroundJSON: Encodable {
        let scenes: [String]
        let result: String
        let pushed: Int
        let error: String?
        let evacuatedBytes: Int
        let snapshots: Int
        let allowanceSeconds: Int64
    }

    private struct ForegroundJSON: Encodable {
        let scenes: [String]
        let active: String?
    }

    private struct TerminatedJSON: Encodable {
        let savedSessions: Int
    }

    private struct DeviceJSON: Encodable {
        let charging: Bool
        let network: String
        let ran: [Ran]

        struct Ran: Encodable {
            let task: String
            let result: String
            let report: String?
        }
    }

    private static let background = Command(
        name: "app background", group: .app, summary: "Leave the screen: send the outbox, cover scenes",
        examples: ["app background"], run: enterBackground)

    private static let foreground = Command(
        name: "app foreground", group: .app, summary: "Come back on screen: scenes return, cover lifts",
        examples: ["app foreground"]
    ) { context, _ throws(CommandFailure) in
        let scenes: [String]
        do {
            scenes = try await context.transitions.enterForeground()
        } catch {
            throw CommandFailure(error.localizedDescription)
        }
        let active = context.scenes.activeSession?.persistentIdentifier
        var sentence = "App in the foreground"
        if !scenes.isEmpty { sentence += ": \(naming(scenes)) back" }
        if let active { sentence += "; \(active) is active" }
        return .text(sentence + ".", json: JSONOutput.encode(ForegroundJSON(scenes: scenes, active: active)))
    }

    private static let terminate = Command(
        name: "app terminate", group: .app, summary: "Save every scene's state and end the app",
        examples: ["app terminate"]
    ) { context, _ throws(CommandFailure) in
        let saved: Int
        do {
            saved = try context.transitions.terminate()
        } catch {
            throw CommandFailure(error.localizedDescription)
        }
        let sentence = "Saved \(saved) scene \(saved == 1 ? "session" : "sessions"); Strata ends."
        context.console.out(
            context.format == .json ? JSONOutput.encode(TerminatedJSON(savedSessions: saved)) : sentence)
        return .quit
    }

    private static let deviceCharging = Command(
        name: "device charging", group: .app, summary: "Plug the device in or out (on|off)",
        arguments: [ArgumentSpec(name: "STATE", completion: Switch.completion)],
        examples: ["device charging on"]
    ) { context, arguments throws(CommandFailure) in
        let charging = try arguments.choice("STATE", as: Switch.self, label: "state").isOn
        return try await changeDevice(context) { $0.isCharging = charging }
    }

    private static let deviceNetwork = Command(
        name: "device network", group: .app, summary: "Change the device's network: wifi, cellular or none",
        arguments: [ArgumentSpec(name: "KIND", completion: .values(DeviceNetwork.allCases.map(\.rawValue)))],
        examples: ["device network cellular"]
    ) { context, arguments throws(CommandFailure) in
        let network = try arguments.choice("KIND", as: DeviceNetwork.self, label: "network")
        return try await changeDevice(context) { $0.network = network }
    }

    private static let deviceStatus = Command(
        name: "device status", group: .app, summary: "Show the device's power and network",
        examples: ["device status"]
    ) { context, _ throws(CommandFailure) in
        // Only reads: a due processing task runs when the device changes, not when it is looked at.
        let conditions = await context.background.scheduler.conditions
        return describe(conditions, ran: [])
    }

    /// `app background`: the body is a function, not a closure (see BackgroundCommands).
    private static func enterBackground(_ context: CommandContext, _: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let sync = context.services.syncNow
        let allowance = context.transitions.allowance
        let outcome = Mutex<Result<SyncReport, SyncError>?>(nil)
        let report: AppTransitions<ContinuousClock>.BackgroundReport
        do {
            report = try await context.transitions.enterBackground { task in
                // Sending must end before the system would expire the task.
                let sent: Result<SyncReport, SyncError> = await OperationDeadline.run(within: allowance - .seconds(1)) {
                    await sync.send()
                }
                outcome.withLock { $0 = sent }
                if task.didExpire { return .expired }
                switch sent {
                case .success(let report): return report.pushed > 0 ? .newData : .noData
                case .failure: return .failed
                }
            }
        } catch {
            throw CommandFailure(error.localizedDescription)
        }
        let sent = outcome.withLock { $0 }
        let pushed = (try? sent?.get())?.pushed ?? 0
        var failure: String?
        if case .failure(let error) = sent { failure = error.localizedDescription }
        let seconds = allowance.components.seconds
        var lines = [
            report.scenes.isEmpty
                ? "App in the background (no scene was on screen)."
                : "App in the background: \(naming(report.scenes)) covered for privacy."
        ]
        switch (report.result, failure) {
        case (.expired, _): lines.append("Background time (\(seconds) s) ran out: the rest of the outbox waits.")
        case (_, .some(let reason)): lines.append("Background time (\(seconds) s): sending failed: \(reason)")
        default:
            lines.append(
                "Background time (\(seconds) s): sent \(pushed) queued \(pushed == 1 ? "change" : "changes").")
        }
        lines.append("Evacuated \(context.evacuated.bytes) bytes from the memory tiers marked for it.")
        // The app switcher's snapshots, taken with the privacy cover up (Library/Caches/Snapshots).
        let sessions = report.scenes.compactMap { try? context.scenes.session($0) }
        let snapshots = SceneSnapshots.take(sessions, sandbox: context.sandbox)
        if snapshots > 0 {
            lines.append(
                "Saved \(snapshots) \(snapshots == 1 ? "snapshot" : "snapshots") for the app switcher "
                    + "(Library/Caches/Snapshots).")
        }
        return .text(
            lines.joined(separator: "\n"),
            json: JSONOutput.encode(
                BackgroundJSON(
                    scenes: report.scenes, result: report.result.rawValue, pushed: pushed, error: failure,
                    evacuatedBytes: context.evacuated.bytes, snapshots: snapshots, allowanceSeconds: seconds)))
    }

    /// "scene s1 is" or "scenes s1, s2 are".
    private static func naming(_ scenes: [String]) -> String {
        scenes.count == 1 ? "scene \(scenes[0]) is" : "scenes \(scenes.joined(separator: ", ")) are"
    }

    /// Applies `change` to the device; the system runs the processing tasks it now allows.
    private static func changeDevice(
        _ context: CommandContext, _ change: (inout DeviceConditions) -> Void
    ) async throws(CommandFailure) -> CommandOutput {
        let scheduler = context.background.scheduler
        var conditions = await scheduler.conditions
        change(&conditions)
        let ran = await scheduler.deviceChanged(to: conditions, at: context.background.now())
        context.networkPath.update(conditions.network)  // the app's connections meet it too
        var runs: [DeviceJSON.Ran] = []
        for run in ran {
            runs.append(
                DeviceJSON.Ran(
                    task: run.identifier, result: run.result.rawValue, report: context.background.taskLog.take()))
        }
        return describe(conditions, ran: runs)
    }

    /// The device's state, and what the system ran because of a change.
    private static func describe(_ conditions: DeviceConditions, ran runs: [DeviceJSON.Ran]) -> CommandOutput {
        var lines = [
            "Device: \(conditions.isCharging ? "charging" : "on battery"), network \(conditions.network.rawValue)."
        ]
        for run in runs { lines.append("Ran \(run.task): \(run.report ?? run.result).") }
        return .text(
            lines.joined(separator: "\n"),
            json: JSONOutput.encode(
                DeviceJSON(charging: conditions.isCharging, network: conditions.network.rawValue, ran: runs)))
    }
}
