public import Domain

/// What a screen editing one item shows: a document, or an item of a generated feature.
nonisolated public enum ItemEditorViewState<
    Item: Equatable & Sendable & SyncTracked & ServerIdentified, Draft: Equatable & Sendable
>: Equatable, Sendable, CustomStringConvertible {
    /// The draft matches what is saved (or, for a new item, what the screen started with).
    case clean(Draft)
    /// The draft has unsaved changes.
    case dirty(Draft)
    /// The draft is being saved.
    case saving(Draft)
    /// The save worked; this is the saved item.
    case saved(Item)
    /// The save failed; the draft is kept, with what to tell the user and what to offer.
    case failed(Draft, failure: ViewFailure)
    /// The save is kept on this device, but the server changed the item too: the change waits
    /// in the outbox until the user settles it (`conflicts resolve`). `versions` holds both
    /// versions, each with its version number, as the sync layer keeps them (its `remote` is
    /// `nil` when the server deleted the item); `nil` when they could not be read.
    case conflict(Draft, versions: ItemConflict?)

    /// The draft on screen; `nil` once saved (the screen shows the item).
    public var draft: Draft? {
        switch self {
        case .clean(let draft), .dirty(let draft), .saving(let draft), .failed(let draft, _), .conflict(let draft, _):
            draft
        case .saved: nil
        }
    }

    /// Whether the draft holds changes the server does not have yet (dirty, saving, a failed save,
    /// or a conflict).
    public var hasUnsavedChanges: Bool {
        switch self {
        case .dirty, .saving, .failed, .conflict: true
        case .clean, .saved: false
        }
    }

    /// A one-line description for traces.
    public var description: String {
        switch self {
        case .clean: "clean"
        case .dirty: "dirty"
        case .saving: "saving"
        case .saved(let item) where item.syncState == .pending: "saved (pending sync)"
        case .saved(let item) where item.syncState == .parked: "saved (parked)"
        case .saved(let item): "saved(version \(item.version))"
        case .failed(_, let failure): "failed(\(failure.message))"
        case .conflict(_, let versions?):
            "conflict(remote version \(versions.remote.map { String($0.version) } ?? "deleted"))"
        case .conflict: "conflict"
        }
    }
}
