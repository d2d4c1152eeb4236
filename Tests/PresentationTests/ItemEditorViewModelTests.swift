import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// The generic editor every generated feature's `new` and `edit` go through, over a note whose
/// draft is its title and a save that counts its calls.
@MainActor
@Suite("ItemEditorViewModel")
struct ItemEditorViewModelTests {
    nonisolated struct Note: Equatable, Sendable, SyncTracked, ServerIdentified {
        /// Every note here is the same item, one the server numbered.
        var id: Int { 1 }
        var isIssuedByServer: Bool { true }
        var title: String
        var version: Int
        var syncState: SyncState
    }

    nonisolated enum NoteError: UserFacingError {
        case cancelled
        case emptyTitle

        var errorDescription: String? {
            switch self {
            case .cancelled: "Cancelled"
            case .emptyTitle: "A note needs a title"
            }
        }

        var remedy: Remedy { self == .emptyTitle ? .fixInput : .none }
        var fieldName: String? { self == .emptyTitle ? "title" : nil }
    }

    /// What the editor asked to save, in order; a title of "wait" blocks until the save is cancelled.
    actor Saves {
        private(set) var calls: [(saved: Note?, draft: String)] = []
        private var held: AsyncStream<Void>.Continuation?

        func save(_ saved: Note?, _ draft: String) async -> Result<Note, NoteError> {
            calls.append((saved, draft))
            if draft == "wait" {
                // A stream nothing ever feeds: its iteration ends when the save's task is cancelled.
                let (never, continuation) = AsyncStream<Void>.makeStream()
                held = continuation
                for await _ in never {}
                return .failure(.cancelled)
            }
            guard !draft.isEmpty else { return .failure(.emptyTitle) }
            // "contested": the server changed the note too; the save is kept, in conflict.
            return .success(
                Note(
                    title: draft, version: (saved?.version ?? 0) + 1,
                    syncState: draft == "contested" ? .conflict : .synced))
        }
    }

    let saves = Saves()
    /// Both versions of a contested note, as the sync layer keeps them: the server has version 7.
    nonisolated static let contested = ItemConflict(
        entryId: 1, collection: "notes", itemId: 0, operation: .update,
        local: FakeData.side(version: 1, fields: [.init(name: "title", value: .text("contested"))]),
        remote: FakeData.side(version: 7, fields: [.init(name: "title", value: .text("Theirs"))]))

    func editor(_ note: Note?, draft: String) -> ItemEditorViewModel<Note, String> {
        let saves = saves
        return ItemEditorViewModel(
            name: "NoteEditorViewModel", editing: note, draft: draft, draftOf: { $0.title },
            rebase: { typed, old, new in typed == old ? new : typed },
            findConflict: { $0.title == "contested" ? Self.contested : nil }, cancelled: .cancelled,
            save: { saved, draft in await saves.save(saved, draft) })
    }

    @Test func aNewItemStartsCleanAndItsSaveCreatesIt() async {
        let viewModel = editor(nil, draft: "Groceries")
        let tester = ViewModelTester(viewModel)
        #expect(viewModel.state == .clean("Groceries") && !viewModel.state.hasUnsavedChanges)
        viewModel.save()
        await tester.expect(.saving("Groceries"), .saved(Note(title: "Groceries", version: 1, syncState: .synced)))
        await tester.finish()
        #expect(
            await saves.calls.map(\.saved) == [nil]
                && viewModel.saved == Note(title: "Groceries", version: 1, syncState: .synced))
        #expect(viewModel.traceName == "NoteEditorViewModel")
    }

    @Test func anEditIsDirtyUntilItMatchesTheSavedItemAgainAndItsSaveChangesTheItem() async {
        let note = Note(title: "Groceries", version: 3, syncState: .synced)
        let viewModel = editor(note, draft: "Groceries")
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0 = "Errands" }
        viewModel.edit { $0 = "Groceries" }
        viewModel.edit { $0 += " and more" }
        viewModel.save()
        await tester.expect(
            .dirty("Errands"), .clean("Groceries"), .dirty("Groceries and more"), .saving("Groceries and more"),
            .saved(Note(title: "Groceries and more", version: 4, syncState: .synced)))
        await tester.finish()
        #expect(await saves.calls.map(\.saved) == [note])
    }

    @Test func anEditorOpenedWithAChangedDraftIsDirty() {
        let viewModel = editor(Note(title: "Groceries", version: 1, syncState: .synced), draft: "Errands")
        #expect(viewModel.state == .dirty("Errands") && viewModel.state.hasUnsavedChanges)
    }

    @Test func anItemWithNothingChangedIsNotSaved() async {
        let viewModel = editor(Note(title: "Groceries", version: 1, syncState: .synced), draft: "Groceries")
        let tester = ViewModelTester(viewModel)
        #expect(viewModel.save() == nil)
        await tester.finish()
        #expect(viewModel.state == .clean("Groceries"))
        #expect(await saves.calls.isEmpty)
    }

    @Test func aRefusedSaveKeepsTheDraftAndTheNextEditSavesIt() async {
        let viewModel = editor(nil, draft: "")
        let tester = ViewModelTester(viewModel)
        viewModel.save()
        await tester.expect(
            .saving(""),
            .failed("", failure: ViewFailure(message: "A note needs a title", remedy: .fixInput, field: "title")))
        #expect(viewModel.state.draft == "" && viewModel.state.hasUnsavedChanges)
        viewModel.edit { $0 = "Groceries" }
        viewModel.save()
        await tester.expect(
            .dirty("Groceries"), .saving("Groceries"), .saved(Note(title: "Groceries", version: 1, syncState: .synced)))
        await tester.finish()
    }

    @Test func aNewerVersionMovesACleanDraftKeepsTypingAndFollowsASave() async {
        let viewModel = editor(Note(title: "Groceries", version: 1, syncState: .synced), draft: "Groceries")
        let tester = ViewModelTester(viewModel)
        viewModel.receive(Note(title: "Errands", version: 2, syncState: .synced))
        viewModel.edit { $0 = "Mine" }
        viewModel.receive(Note(title: "Chores", version: 3, syncState: .synced))
        viewModel.save()
        await tester.expect(
            .clean("Errands"), .dirty("Mine"), .saving("Mine"),
            .saved(Note(title: "Mine", version: 4, syncState: .synced)))
        viewModel.receive(Note(title: "Mine", version: 5, syncState: .synced))
        await tester.expect(.saved(Note(title: "Mine", version: 5, syncState: .synced)))
        await tester.finish()
        #expect(await saves.calls.map(\.saved?.version) == [3], "the save went over the newest version")
        #expect(viewModel.saved == Note(title: "Mine", version: 5, syncState: .synced))
    }

    @Test func aNewerVersionMovesTheTypingOntoItSoAFailedDraftOrOneItMatchesSettles() async {
        let viewModel = editor(Note(title: "Groceries", version: 1, syncState: .synced), draft: "Groceries")
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0 = "" }
        await viewModel.save()?.value
        viewModel.receive(Note(title: "Errands", version: 2, syncState: .synced))
        #expect(viewModel.state.hasUnsavedChanges, "the typing stays")
        viewModel.receive(Note(title: "", version: 3, syncState: .synced))
        viewModel.receive(Note(title: "", version: 3, syncState: .synced))
        await tester.expect(
            .dirty(""), .saving(""),
            .failed("", failure: ViewFailure(message: "A note needs a title", remedy: .fixInput, field: "title")),
            .dirty(""),
            .clean(""))
        await tester.finish()
        #expect(viewModel.saved?.version == 3 && viewModel.save() == nil, "nothing left to save")
    }

    @Test func aNewItemHasNoNewerVersion() {
        let viewModel = editor(nil, draft: "Groceries")
        viewModel.receive(Note(title: "Other", version: 9, syncState: .synced))
        #expect(viewModel.state == .clean("Groceries") && viewModel.saved == nil)
    }

    @Test func revertGoesBackToWhatIsSaved() async {
        let viewModel = editor(Note(title: "Groceries", version: 1, syncState: .synced), draft: "Groceries")
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0 = "Errands" }
        viewModel.revert()
        await tester.expect(.dirty("Errands"), .clean("Groceries"))
        await tester.finish()
    }

    @Test func theEditorGoesAwayWithItsScreen() async {
        await ViewModelTester.expectDeallocation {
            editor(nil, draft: "Groceries")
        } exercise: {
            $0.save()
        }
    }

    @Test func leavingTheScreenCancelsTheSaveAndKeepsItsDraftUnsaved() async {
        let viewModel = editor(nil, draft: "wait")
        let tester = ViewModelTester(viewModel)
        let task = viewModel.save()
        #expect(viewModel.save() == nil, "one save at a time")
        viewModel.edit { $0 = "ignored while saving" }
        viewModel.onDisappear()
        await task?.value
        await tester.expect(.saving("wait"), .dirty("wait"))
        await tester.finish()
        #expect(viewModel.saved == nil)
    }

    @Test func aSaveTheServerContradictsIsAConflictThatKeepsTheDraftUntilSavedAgain() async {
        let note = Note(title: "Groceries", version: 1, syncState: .synced)
        let viewModel = editor(note, draft: "contested")
        let tester = ViewModelTester(viewModel)
        await viewModel.save()?.value
        await tester.expect(.saving("contested"), .conflict("contested", versions: Self.contested))
        #expect(viewModel.state.hasUnsavedChanges && viewModel.state.description == "conflict(remote version 7)")
        viewModel.receive(Note(title: "Theirs", version: 3, syncState: .synced))
        #expect(
            viewModel.state == .conflict("contested", versions: Self.contested),
            "the user settles a conflict, not a newer version")
        viewModel.edit { $0 = "Groceries and milk" }
        await viewModel.save()?.value
        await tester.expect(
            .dirty("Groceries and milk"), .saving("Groceries and milk"),
            .saved(Note(title: "Groceries and milk", version: 3, syncState: .synced)))
    }
}
