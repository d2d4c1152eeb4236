public import Domain
import Logging
public import Observation

/// Edits a new or existing item; a failed save keeps the draft.
///
/// Documents (``DocumentEditorViewModel``) and every generated feature edit through it. A
/// conflict carries both versions, and a newer version of the item moves the draft onto it and
/// keeps only the fields the user changed, so a save never puts back what another device changed
/// meanwhile.
///
/// ```swift
/// let editor = ExpenseEditorViewModel(
///     editing: nil, draft: draft, createExpense: create, updateExpense: update, findConflict: findConflict)
/// editor.save()
/// ```
@MainActor
@Observable
public final class ItemEditorViewModel<
    Item: Equatable & Sendable & SyncTracked & ServerIdentified, Draft: Equatable & Sendable
>: StatefulViewModel {
    /// Saves a draft: creates the item when the first argument (the item as saved) is `nil`, else
    /// changes that item.
    public typealias Save<Failure: UserFacingError> = @Sendable (Item?, Draft) async -> Result<Item, Failure>
    /// Saves a draft, as ``Save`` does, with its failures already worded for the user.
    public typealias WordedSave = @Sendable (Item?, Draft) async -> Result<Item, ItemLoadFailure>
    /// Moves a draft, typed over the first draft, onto the second (a newer version's): the fields
    /// the user changed keep their text, the others take the newer version's.
    public typealias Rebase = @Sendable (_ draft: Draft, _ from: Draft, _ onto: Draft) -> Draft
    /// Reads both versions of a saved item that came back in conflict (`nil` when they cannot be
    /// read).
    public typealias FindConflict = @Sendable (Item) async -> ItemConflict?

    /// What the screen shows; observed, so a view that reads it is redrawn when it changes.
    public private(set) var state: ItemEditorViewState<Item, Draft> {
        didSet { transitions.record(state, after: oldValue) }
    }
    /// Every state set, in order, for traces and tests (observation coalesces; this does not).
    public let transitions = StateTransitions<ItemEditorViewState<Item, Draft>>()
    /// The running save.
    public let tasks = TaskBag()
    /// The draft on screen, or the saved item's once a save finished.
    public var draft: Draft { state.draft ?? current }
    /// The name traces print (`ExpenseEditorViewModel`).
    public let traceName: String
    /// The item as last saved, or `nil` for an item not created yet.
    public private(set) var saved: Item?
    private let startingDraft: Draft
    private let draftOf: @Sendable (Item) -> Draft
    private let rebase: Rebase
    private let findConflict: FindConflict
    private let saveDraft: WordedSave
    private let logger = Logger(label: "strata.presentation")

    /// An editor of `item` (a new item when `nil`) showing `draft`; `draftOf` reads an item's
    /// draft, `rebase` moves typing onto a newer version, `findConflict` reads both versions of a
    /// save in conflict, `save` saves a draft, and its `cancelled` error publishes nothing.
    public convenience init<Failure: UserFacingError>(
        name: String, editing item: Item?, draft: Draft, draftOf: @escaping @Sendable (Item) -> Draft,
        rebase: @escaping Rebase, findConflict: @escaping FindConflict, cancelled: Failure,
        save: @escaping Save<Failure>
    ) {
        self.init(
            name: name, editing: item, draft: draft, draftOf: draftOf, rebase: rebase, findConflict: findConflict
        ) { saved, draft in
            await save(saved, draft).mapError { ItemLoadFailure($0, cancelled: cancelled) }
        }
    }

    /// An editor whose `save` words its failures already (a window's, through ``ItemListSource``).
    public init(
        name: String, editing item: Item?, draft: Draft, draftOf: @escaping @Sendable (Item) -> Draft,
        rebase: @escaping Rebase, findConflict: @escaping FindConflict, save: @escaping WordedSave
    ) {
        let startingDraft = item.map(draftOf) ?? draft
        traceName = name
        saved = item
        self.startingDraft = startingDraft
        state = draft == startingDraft ? .clean(draft) : .dirty(draft)
        self.draftOf = draftOf
        self.rebase = rebase
        self.findConflict = findConflict
        saveDraft = save
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit \(traceName)")
    }

    /// Changes the draft; ignored while a save is running.
    public func edit(_ change: (inout Draft) -> Void) {
        if case .saving = state { return }
        var edited = draft
        change(&edited)
        state = edited == current ? .clean(edited) : .dirty(edited)
    }

    /// Takes a newer version of the saved item (a sync, another device).
    ///
    /// A clean draft follows it, a finished save shows it, and unsaved changes move onto it (the
    /// fields the user changed stay as typed, the others take its values), so the next save goes
    /// over it without undoing its changes. A running save and a conflict (the user settles it)
    /// are left alone, and an item not created yet has nothing newer. Another item is ignored:
    /// only one made on this device may come back under a new identifier, the server's.
    public func receive(_ item: Item) {
        guard let before = saved, item != before, item.id == before.id || !before.isIssuedByServer else { return }
        switch state {
        case .saving, .conflict: return
        case .clean: state = .clean(draftOf(item))
        case .saved: state = .saved(item)
        case .dirty(let draft), .failed(let draft, _):
            let rebased = rebase(draft, draftOf(before), draftOf(item))
            state = rebased == draftOf(item) ? .clean(rebased) : .dirty(rebased)
        }
        saved = item
    }

    /// Throws the draft away and goes back to what is saved.
    public func revert() {
        tasks.cancelAll()
        state = .clean(current)
    }

    /// Saves the draft; ignored while a save runs, and for an existing item with nothing to save
    /// (a new item always tries, so its validation errors show).
    @discardableResult
    public func save() -> Task<Void, Never>? {
        let draft: Draft
        switch state {
        case .dirty(let current), .failed(let current, _), .conflict(let current, _): draft = current
        case .clean(let current) where saved == nil: draft = current
        case .clean, .saving, .saved: return nil
        }
        state = .saving(draft)
        let (saveDraft, findConflict, saved) = (saveDraft, findConflict, saved)
        return perform("save") { () async -> (Result<Item, ItemLoadFailure>, ItemConflict?) in
            let result = await saveDraft(saved, draft)
            guard case .success(let item) = result, item.syncState == .conflict else { return (result, nil) }
            return (result, await findConflict(item))
        } publish: { model, outcome in
            switch outcome.0 {
            case .success(let item) where item.syncState == .conflict:
                model.saved = item
                model.state = .conflict(draft, versions: outcome.1)
            case .success(let item):
                model.saved = item
                model.state = .saved(item)
            case .failure(.cancelled):
                break
            case .failure(.failed(let failure)):
                model.state = .failed(draft, failure: failure)
            }
        }
    }

    /// Cancels a save in flight; its draft stays unsaved on screen.
    public func onDisappear() {
        tasks.cancelAll()
        if case .saving(let draft) = state { state = .dirty(draft) }
    }
}

// MARK: - Private

extension ItemEditorViewModel {
    /// The draft of what is saved: the saved item's, else the one the screen started with.
    private var current: Draft { saved.map(draftOf) ?? startingDraft }
}
