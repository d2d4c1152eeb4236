import Clocks
import Domain
import Foundation
import Platform
import Presentation
import Scenes
import TestSupport
import Testing

@Suite("Scene restoration")
struct SceneRestorationTests {
    let store = InMemorySceneStateStore()
    let documents = FakeDocumentRepository(documents: [
        FakeData.document(id: 1), FakeData.document(id: 2, title: "Draft plan"),
    ])

    func application() -> SceneApplication {
        .strata(
            documents: documents, users: FakeUserRepository(users: [FakeData.user(id: 7)]), sync: FakeSyncRepository(),
            store: store)
    }

    func editor(_ session: SceneSession?) throws -> DocumentEditorSceneDelegate {
        try #require(session?.scene?.delegate as? DocumentEditorSceneDelegate)
    }

    /// Opens an editor on `documentId`, types `body` and saves the scene state, as a run of the
    /// app that is then killed.
    func saveDraft(documentId: Int, body: String) async throws {
        let application = application()
        let session = try await application.requestSceneSessionActivation(
            nil,
            userActivity: .documentEdit(
                DocumentEditActivity.opening(documentId)))
        try editor(session).setBody(body)
        try application.saveState()
    }

    @Test func theEditorGetsItsUnsavedDraftBackAfterARelaunch() async throws {
        // Given an editor with an unsaved body, saved as the app would before it is killed
        try await saveDraft(documentId: 1, body: "draft")
        // When the app launches again
        let application = application()
        await application.launch()
        // Then the editor is back, active, with the draft unsaved on top of document 1
        let restored = try editor(application.activeSession)
        var draft = DocumentDraft(FakeData.document(id: 1))
        draft.body = "draft"
        #expect(restored.editor?.state == .dirty(draft))
        #expect(restored.cursor == 5)
        #expect(await documents.calls.filter { if case .update = $0 { true } else { false } }.isEmpty)
    }

    @Test func typedTagsComeBackAfterARelaunchOverTheDocumentAsSaved() async throws {
        // Given an editor whose tags were typed, saved as the app would before it is killed
        let first = application()
        let session = try await first.requestSceneSessionActivation(nil, userActivity: .documentEdit(.opening(2)))
        var typed = DocumentDraft(FakeData.document(id: 2, title: "Draft plan"))
        typed.tags = ["home", "work"]
        try editor(session).replaceDraft(with: typed)
        try first.saveState()
        // And the title changed on the server meanwhile
        var renamed = DocumentDraft(FakeData.document(id: 2, title: "Draft plan"))
        renamed.title = "Plan, renamed"
        _ = try await documents.update(id: Document.ID(2), with: DocumentChanges(renamed, fields: [.title]))
        // When the app launches again
        let application = application()
        await application.launch()
        // Then the tags are the draft, laid over the document as it now is
        var expected = typed
        expected.title = "Plan, renamed"
        #expect(try editor(application.activeSession).editor?.state == .dirty(expected))
    }

    @Test func everyFieldTypedIntoANewDocumentsWindowComesBackAfterARelaunch() async throws {
        // Given a new document's window with every field typed, saved as the app would before it is killed
        let first = application()
        let session = try await first.requestSceneSessionActivation(nil, userActivity: .documentEdit(.opening(nil)))
        try editor(session).replaceDraft(with: FakeData.completeDocument.content)
        try first.saveState()
        // When the app launches again
        let application = application()
        await application.launch()
        // Then every field is the one typed (the restoration walks the fields, so a new one is kept too)
        #expect(try editor(application.activeSession).editor?.draft == FakeData.completeDocument.content)
    }

    @Test func aReconnectedEditorKeepsItsDraftAndAReopenDoesNotResetIt() async throws {
        let application = application()
        let edit = UserActivity.documentEdit(
            DocumentEditActivity.opening(1))
        let session = try await application.requestSceneSessionActivation(nil, userActivity: edit)
        try editor(session).setTitle("Renamed")
        try application.moveToBackground(session)
        try application.disconnect(session)
        _ = try await application.requestSceneSessionActivation(nil, userActivity: edit)
        #expect(try editor(session).editor?.draft.title == "Renamed")
        #expect(application.openSessions.count == 1)
    }

    @Test func aSavedDraftIsNoLongerADraft() async throws {
        let application = application()
        let session = try await application.requestSceneSessionActivation(
            nil,
            userActivity: .documentEdit(DocumentEditActivity.opening(1))
        )
        try editor(session).setBody("kept")
        try await editor(session).editor?.save()?.value
        try application.saveState()
        #expect(session.stateRestorationActivity?.payload(as: DocumentEditActivity.self)?.hasDraft == false)
    }

    @Test func aDraftWhoseDocumentCannotLoadIsKeptUntouched() async throws {
        try await saveDraft(documentId: 2, body: "offline draft")
        await documents.setFailure(.unavailable)
        let application = application()
        await application.launch()
        let restored = try editor(application.activeSession)
        #expect(restored.loadFailure != nil && restored.editor == nil)
        try application.saveState()
        let saved = application.activeSession?.stateRestorationActivity?.payload(as: DocumentEditActivity.self)
        #expect(saved?.changes == FakeData.changes(body: "offline draft"))
    }

    @Test func theListGetsItsQueryBackAndSearchesAgain() async throws {
        do {
            let application = application()
            _ = try await application.requestSceneSessionActivation(
                nil, userActivity: .documentList(DocumentListActivity(query: "plan", scrollPosition: 4)))
        }
        let application = application()
        await application.launch()
        let browser = try #require(application.activeSession?.scene?.delegate as? BrowserSceneDelegate)
        #expect(browser.page == .documents(query: "plan", scrollPosition: 4))
        guard case .results(let query, let items, _) = browser.search?.state else {
            Issue.record("expected search results, got \(String(describing: browser.search?.state))")
            return
        }
        #expect(query == "plan" && items.map(\.id) == [2])
    }

    @Test func aSessionWhoseActivityIsUnknownRestoresAsAFreshScene() async throws {
        let archive = #"""
            {"version":1,"nextNumber":2,"destroyed":[],"sessions":[{"persistentIdentifier":"s1",
            "configuration":{"name":"Default Configuration","role":"windowApplication"},"userInfo":{},
            "state":"foregroundActive","activity":{"activityType":"com.example.removed","schemaVersion":1,
            "title":"Old","payload":{}}}]}
            """#
        let store = InMemorySceneStateStore(archive: Data(archive.utf8))
        let application = SceneApplication(delegate: RecordingSceneAppDelegate(), store: store, registry: .strata)
        let report = await application.launch()
        #expect(report.restored == ["s1"] && report.warnings.isEmpty)
        #expect(application.activeSession?.persistentIdentifier == "s1")
        #expect(application.activeSession?.stateRestorationActivity == nil)
    }
}
