import Domain
import Foundation
import Presentation

/// `sync`, `sync status`, `outbox …` and `conflicts …`: the offline-first machinery, observable.
enum SyncCommands {
    /// Every sync command, in help order.
    static var all: [CommandSpec] {
        [sync, status, outboxList, outboxRetry, conflictsList, conflictsShow, resolve, policy]
    }
}

// MARK: - Private

extension SyncCommands {
    private static let sync = CommandSpec(
        name: "sync", group: .sync, summary: "Send queued changes, then pull the server's changes",
        examples: ["sync"]
    ) { context, _ in
        let state = await context.present(progressLabel: "syncing") {
            SyncViewModel(syncNow: context.services.syncNow)
        } progress: { state in
            guard case .syncing(let progress?) = state else { return nil }
            return (progress.done, progress.total)
        } start: {
            $0.sync()
        }
        switch state {
        case .synced(let report): return .success(SyncText.report(report))
        case .failed(let message): return .failure(CommandFailure(message))
        case .idle, .syncing: return .failure(CommandFailure("Cancelled"))
        }
    }

    private static let status = CommandSpec(
        name: "sync status", group: .sync, summary: "Queued changes, the server version and the network status",
        examples: ["sync status"]
    ) { context, _ in
        .success(SyncText.status(await context.services.sync.status()))
    }

    private static let outboxList = CommandSpec(
        name: "outbox list", group: .sync, summary: "Changes waiting to be sent, oldest first",
        examples: ["outbox list"]
    ) { context, _ in
        do {
            return .success(SyncText.outbox(try await context.services.sync.outbox()))
        } catch {
            return .failure(CommandFailure(error.localizedDescription))
        }
    }

    private static let outboxRetry = CommandSpec(
        name: "outbox retry", group: .sync, summary: "Queue a parked change again and try to send it",
        arguments: [ArgumentSpec(name: "ID")], examples: ["outbox retry 1"]
    ) { context, arguments in
        switch ArgumentValues.id(arguments.value("ID")) {
        case .failure(let failure): return .failure(failure)
        case .success(let id):
            do {
                try await context.services.sync.retry(entryId: id)
                return .success(.message("Outbox entry \(id) is queued again."))
            } catch {
                return .failure(CommandFailure(error.localizedDescription))
            }
        }
    }

    private static let conflictsList = CommandSpec(
        name: "conflicts list", group: .sync, summary: "Changes the server's version contradicts",
        examples: ["conflicts list"]
    ) { context, _ in
        do {
            return .success(SyncText.conflicts(try await context.services.sync.conflicts()))
        } catch {
            return .failure(CommandFailure(error.localizedDescription))
        }
    }

    private static let conflictsShow = CommandSpec(
        name: "conflicts show", group: .sync, summary: "Both versions of a conflicting document",
        arguments: [ArgumentSpec(name: "ID")], examples: ["conflicts show 1"]
    ) { context, arguments in
        switch ArgumentValues.id(arguments.value("ID")) {
        case .failure(let failure): return .failure(failure)
        case .success(let id):
            do {
                guard let conflict = try await context.services.sync.conflicts().first(where: { $0.entryId == id })
                else { return .failure(CommandFailure(SyncError.notInConflict(id).localizedDescription)) }
                return .success(SyncText.conflict(conflict))
            } catch {
                return .failure(CommandFailure(error.localizedDescription))
            }
        }
    }

    private static let resolve = CommandSpec(
        name: "conflicts resolve", group: .sync, summary: "Keep the local, the remote or a merged version",
        arguments: [ArgumentSpec(name: "ID")],
        flags: [
            FlagSpec(
                name: "--keep", valueName: "SIDE", help: "Which version wins",
                allowedValues: ["local", "remote", "merged"]),
            FlagSpec(name: "--body", valueName: "TEXT", help: "The merged body (with --keep merged)"),
        ],
        examples: ["conflicts resolve 1 --keep remote", #"conflicts resolve 1 --keep merged --body "both edits""#]
    ) { context, arguments in
        let resolution: ConflictResolution
        switch (arguments.flag("--keep"), arguments.flag("--body")) {
        case ("local", nil): resolution = .local
        case ("remote", nil): resolution = .remote
        case ("merged", let body?): resolution = .merged(body: body)
        case ("merged", nil): return .failure(CommandFailure("--keep merged needs --body TEXT"))
        case (nil, _): return .failure(CommandFailure("missing --keep local|remote|merged"))
        default: return .failure(CommandFailure("--body goes with --keep merged only"))
        }
        switch ArgumentValues.id(arguments.value("ID")) {
        case .failure(let failure): return .failure(failure)
        case .success(let id):
            switch await context.services.resolveConflict.execute(entryId: id, keeping: resolution) {
            case .failure(let error): return .failure(CommandFailure(error.localizedDescription))
            case .success(let document): return .success(.document(document, nil))
            }
        }
    }

    private static let policy = CommandSpec(
        name: "conflicts policy", group: .sync, summary: "Show or set how document conflicts are settled",
        arguments: [
            ArgumentSpec(
                name: "POLICY", isOptional: true, completion: .values(ConflictPolicy.allCases.map(\.rawValue)))
        ],
        examples: ["conflicts policy", "conflicts policy manual"]
    ) { context, arguments in
        guard let word = arguments.value("POLICY") else {
            return .success(.message("Conflict policy: \(await context.services.sync.conflictPolicy().rawValue)"))
        }
        guard let policy = ConflictPolicy(rawValue: word) else {
            let allowed = ConflictPolicy.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(CommandFailure("invalid policy '\(word)' (expected one of: \(allowed))"))
        }
        await context.services.sync.setConflictPolicy(policy)
        return .success(.message("Conflict policy: \(policy.rawValue)"))
    }
}
