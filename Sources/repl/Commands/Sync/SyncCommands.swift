import Domain
import Foundation
import Presentation
import ShellKit

extension CommandGroup {
    /// Offline-first writes: the outbox, sync and conflicts, and background work.
    static let sync = CommandGroup("Sync")
}

/// `sync`, `sync status`, `outbox …` and `conflicts …`: the offline-first machinery, observable.
enum SyncCommands {
    /// Every sync command, in help order.
    static var all: [Command] {
        [
            sync, status, outboxList, outboxShow, outboxRetry, outboxDiscard, conflictsList, conflictsShow, resolve,
            policy,
        ]
    }
}

// MARK: - Private

extension SyncCommands {
    private static let sync = Command(
        name: "sync", group: .sync, summary: "Send queued changes, then pull the server's changes",
        examples: ["sync"]
    ) { context, _ throws(CommandFailure) in
        try await context.run(progressLabel: "syncing") {
            SyncViewModel(syncNow: context.services.syncNow)
        } progress: { state in
            guard case .syncing(let progress?) = state else { return nil }
            return (progress.done, progress.total)
        } start: {
            $0.sync()
        }
    }

    private static let status = Command(
        name: "sync status", group: .sync, summary: "Queued changes, the server version and the network status",
        examples: ["sync status"]
    ) { context, _ throws(CommandFailure) in
        SyncOutput.status(await context.services.sync.status())
    }

    private static let outboxList = Command(
        name: "outbox list", group: .sync, summary: "Changes waiting to be sent, oldest first",
        examples: ["outbox list"]
    ) { context, _ throws(CommandFailure) in
        SyncOutput.outbox(try await syncing { () throws(SyncError) in try await context.services.sync.outbox() })
    }

    private static let outboxShow = Command(
        name: "outbox show", group: .sync, summary: "One queued change in full, with why it last failed",
        arguments: [ArgumentSpec(name: "ID")], examples: ["outbox show 1"]
    ) { context, arguments throws(CommandFailure) in
        let id = try arguments.id()
        let sync = context.services.sync
        return SyncOutput.outboxEntry(
            try await pickingEntry(id, sync) { () throws(SyncError) in
                guard let entry = try await sync.outbox().first(where: { $0.id == id }) else {
                    throw .noSuchEntry(id)
                }
                return entry
            })
    }

    private static let outboxRetry = Command(
        name: "outbox retry", group: .sync,
        summary: "Send a parked or conflicting change again; this one wins",
        arguments: [ArgumentSpec(name: "ID")], examples: ["outbox retry 1"]
    ) { context, arguments throws(CommandFailure) in
        let id = try arguments.id()
        let sync = context.services.sync
        // A conflict retried is this device's version kept (ADR 0048): the user reads that it
        // replaces the other one, as `conflicts resolve ID --keep local` says.
        let entries = try await syncing { () throws(SyncError) in try await sync.outbox() }
        let inConflict = entries.contains { $0.id == id && $0.state == .conflict }
        try await pickingEntry(id, sync) { () throws(SyncError) in try await sync.retry(entryId: id) }
        return .message(
            inConflict
                ? "Outbox entry \(id) is queued again over the server's version: this device's replaces it."
                : "Outbox entry \(id) is queued again.")
    }

    private static let outboxDiscard = Command(
        name: "outbox discard", group: .sync,
        summary: "Drop a parked change and its item's unsent ones",
        arguments: [ArgumentSpec(name: "ID")], examples: ["outbox discard 1"]
    ) { context, arguments throws(CommandFailure) in
        let id = try arguments.id()
        let sync = context.services.sync
        try await pickingEntry(id, sync) { () throws(SyncError) in try await sync.discard(entryId: id) }
        return .message("Outbox entry \(id) is discarded; the item is the server's version again.")
    }

    private static let conflictsList = Command(
        name: "conflicts list", group: .sync, summary: "Changes the server's version contradicts",
        examples: ["conflicts list"]
    ) { context, _ throws(CommandFailure) in
        try await syncing { () throws(SyncError) in SyncOutput.conflicts(try await context.services.sync.conflicts()) }
    }

    private static let conflictsShow = Command(
        name: "conflicts show", group: .sync, summary: "Both versions of a conflicting document or item",
        arguments: [ArgumentSpec(name: "ID")], examples: ["conflicts show 1"]
    ) { context, arguments throws(CommandFailure) in
        return SyncOutput.conflict(try await conflict(try arguments.id(), context.services.sync))
    }

    private static let resolve = Command(
        name: "conflicts resolve", group: .sync, summary: "Keep the local, the remote or a merged version",
        arguments: [ArgumentSpec(name: "ID")],
        flags: [
            FlagSpec(
                name: "--keep", valueName: "SIDE", help: "Which version wins",
                allowedValues: ["local", "remote", "merged"]
            ).required(true),
            FlagSpec(name: "--body", valueName: "TEXT", help: "The merged body (with --keep merged)"),
        ],
        examples: ["conflicts resolve 1 --keep remote", #"conflicts resolve 1 --keep merged --body "both edits""#]
    ) { context, arguments throws(CommandFailure) in
        let body = arguments.flag("--body")
        let resolution: ConflictResolution
        switch arguments.flag("--keep") {
        case "local" where body == nil: resolution = .local
        case "remote" where body == nil: resolution = .remote
        case "merged":
            guard let body else { throw CommandFailure("--keep merged needs --body TEXT") }
            resolution = .merged(body: body)
        case nil: throw CommandFailure("missing --keep local|remote|merged")
        default: throw CommandFailure("--body goes with --keep merged only")
        }
        let conflict = try await conflict(try arguments.id(), context.services.sync)
        let kept: Int?
        switch await context.services.resolveConflict.execute(conflict, keeping: resolution) {
        case .success(let id): kept = id
        case .failure(.noSuchEntry), .failure(.notInConflict):
            throw try await noConflict(conflict.entryId, context.services.sync)
        case .failure(let error): throw CommandFailure(error)
        }
        // A document kept reads as `docs show` prints it.
        if conflict.collection == QueuedChange.documents, let id = kept.flatMap(Document.ID.init(rawValue:)),
            case .success(let document) = await context.services.fetchDocument.execute(id: id)
        {
            return .rendered(DocumentOutput(document: document.value, provenance: nil))
        }
        let noun = conflict.collection == QueuedChange.documents ? "document" : "item"
        let outcome =
            switch (resolution, conflict.local, conflict.remote) {
            case (.remote, _, nil): "the \(noun) stays deleted, as on the server"
            case (.remote, _, _): "the server's version is kept"
            case (_, nil, _): "this device's deletion is sent over the server's version"
            case (_, _, nil): "this device's version creates the \(noun) again, with a new ID"
            case (_, _, _): "this device's version is sent over the server's"
            }
        return .message("Conflict \(conflict.entryId) is resolved: \(outcome).")
    }

    private static let policy = Command(
        name: "conflicts policy", group: .sync,
        summary: "Show or set how a collection's conflicts are settled",
        arguments: [
            ArgumentSpec(
                name: "POLICY", isOptional: true, completion: .values(ConflictPolicy.allCases.map(\.rawValue)))
        ],
        flags: [
            FlagSpec(
                name: "--collection", valueName: "NAME", help: "documents (the default) or a feature's collection"
            ).completing(.source(.collection))
        ],
        examples: ["conflicts policy", "conflicts policy manual", "conflicts policy --collection documents"]
    ) { context, arguments throws(CommandFailure) in
        let collection = arguments.flag("--collection") ?? QueuedChange.documents
        // Documents keep the line they always had; another collection is named.
        let label = arguments.flag("--collection") == nil ? "Conflict policy" : "Conflict policy of \(collection)"
        let sync = context.services.sync
        guard arguments.value("POLICY") != nil else {
            guard let policy = await sync.conflictPolicy(of: collection) else { throw .unknownCollection(collection) }
            return .message("\(label): \(policy.rawValue)")
        }
        let policy = try arguments.choice("POLICY", as: ConflictPolicy.self, label: "policy")
        guard await sync.setConflictPolicy(policy, for: collection) else { throw .unknownCollection(collection) }
        return .message("\(label): \(policy.rawValue)")
    }

    /// The conflict `conflicts list` shows as `id`.
    private static func conflict(
        _ id: Int, _ sync: any SyncRepositoryProtocol
    ) async throws(CommandFailure) -> ItemConflict {
        guard
            let conflict = try await syncing({ () throws(SyncError) in try await sync.conflicts() })
                .first(where: { $0.entryId == id })
        else { throw try await noConflict(id, sync) }
        return conflict
    }

    /// The failure for `id`, which names no conflict.
    ///
    /// It is an outbox entry not in conflict, or no entry at all. `conflicts list` shows each
    /// conflict's item beside its ID, so an item's number given instead names the conflict meant.
    private static func noConflict(
        _ id: Int, _ sync: any SyncRepositoryProtocol
    ) async throws(CommandFailure) -> CommandFailure {
        if try await syncing({ () throws(SyncError) in try await sync.outbox() }).contains(where: { $0.id == id }) {
            return CommandFailure(SyncError.notInConflict(id))
        }
        let meant = try await syncing { () throws(SyncError) in try await sync.conflicts() }
            .filter { $0.itemId == id }.map { ($0.collection, $0.entryId) }
        return misnumbered(id, "conflict", listedBy: "conflicts list", meant: meant, as: "conflict")
    }

    /// Runs `work` on outbox entry `id`; when no entry has that number, the failure names the
    /// entries of the item with that number, if any (`outbox list` shows each entry's item beside
    /// its ID).
    private static func pickingEntry<Value>(
        _ id: Int, _ sync: any SyncRepositoryProtocol, _ work: () async throws(SyncError) -> Value
    ) async throws(CommandFailure) -> Value {
        do {
            return try await work()
        } catch .noSuchEntry {
            let entries = try await syncing { () throws(SyncError) in try await sync.outbox() }
            let meant = entries.filter { $0.itemId == id }.map { ($0.collection, $0.id) }
            throw misnumbered(id, "outbox entry", listedBy: "outbox list", meant: meant, as: "entry")
        } catch {
            throw CommandFailure(error)
        }
    }

    /// The failure for a number that names no `thing`: it names the `meant` ones of the item with
    /// that number (each one's collection and number, called a `noun`), or else points to the list.
    private static func misnumbered(
        _ id: Int, _ thing: String, listedBy list: String, meant: [(String, Int)], as noun: String
    ) -> CommandFailure {
        guard !meant.isEmpty else { return CommandFailure("No \(thing) \(id) (see '\(list)')") }
        let named = meant.map { "item \(id) of \($0.0) is \(noun) \($0.1)" }.joined(separator: ", ")
        return CommandFailure("No \(thing) \(id): give the ID '\(list)' shows, not the item's (\(named))")
    }

    /// Runs a sync-repository call, its failure in the shell's words.
    private static func syncing<Value>(
        _ work: () async throws(SyncError) -> Value
    ) async throws(CommandFailure) -> Value {
        do {
            return try await work()
        } catch {
            throw CommandFailure(error)
        }
    }
}

extension CommandFailure {
    /// The failure for a collection the app does not sync (`--collection NAME`).
    static func unknownCollection(_ collection: String) -> CommandFailure {
        CommandFailure(
            "No collection '\(collection)' syncs in this app: give documents or one of its features' collections")
    }
}
