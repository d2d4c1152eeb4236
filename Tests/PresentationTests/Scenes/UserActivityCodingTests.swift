import Domain
import Foundation
import Platform
import Presentation
import Scenes
import TestSupport
import Testing

@Suite("UserActivity coding")
struct UserActivityCodingTests {
    nonisolated static let activities: [UserActivity] = [
        .documentEdit(
            DocumentEditActivity(
                documentId: 42, changes: FakeData.changes(title: "Títle", body: "héllo\nwörld", tags: ["ünï", "b"]),
                cursor: 3)),
        .documentEdit(DocumentEditActivity(documentId: nil, changes: FakeData.changes(body: "new"), cursor: 0)),
        .documentEdit(DocumentEditActivity(documentId: 5, changes: FakeData.changes(tags: []), cursor: 0)),
        .documentEdit(
            DocumentEditActivity(
                documentId: 9, changes: DocumentChanges(everyFieldOf: FakeData.completeDocument), cursor: 1)),
        .documentList(DocumentListActivity(query: "draft", scrollPosition: 17)),
        .userProfile(UserProfileActivity(userId: 7)),
        .itemList(ItemListActivity(collection: "recipes", query: ""), title: "Recipes"),
        .itemList(ItemListActivity(collection: "recipes", query: "soup"), title: "Recipes"),
        .item(ItemActivity(collection: "recipes", itemId: 3), title: "Recipe 3"),
        .itemEdit(ItemEditActivity(collection: "recipes", itemId: 3, changes: ["minutes": "25"]), noun: "recipe"),
        .itemEdit(ItemEditActivity(collection: "recipes", itemId: nil, changes: [:]), noun: "recipe"),
    ]

    /// The sources of the lists a link may open: the recipes' and the notes', which alone have a
    /// search (they are never read here).
    nonisolated static let itemLists = [
        "recipes": ItemListSource.searchingOnly(noun: "recipe", plural: "recipes", fields: ["title"], search: nil),
        "notes": ItemListSource.searchingOnly(noun: "note", plural: "notes", fields: ["text"]) { _, _ in
            .failure(.cancelled)
        },
    ]

    @Test(arguments: activities)
    func everyActivityTypeSurvivesARoundTrip(activity: UserActivity) throws {
        let data = try JSONEncoder().encode(activity)
        #expect(ActivityRegistry.strata.decode(data) == activity)
    }

    @Test func theEncodedFormCarriesTypeAndSchemaVersion() throws {
        let data = try JSONEncoder().encode(UserActivity.userProfile(.init(userId: 7)))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["activityType"] as? String == "com.strata.user.profile")
        #expect(object["schemaVersion"] as? Int == 1)
        #expect((object["payload"] as? [String: Any])?["userId"] as? Int == 7)
    }

    @Test(arguments: [
        #"{"activityType":"com.example.gone","schemaVersion":1,"title":"x","payload":{}}"#,
        #"{"activityType":"com.strata.user.profile","schemaVersion":9,"title":"x","payload":{"userId":1}}"#,
        #"{"activityType":"com.strata.user.profile","schemaVersion":1,"title":"x","payload":{"userId":"one"}}"#,
        #"{"activityType":"com.strata.user.pro"#,
        #"{"activityType":"com.strata.document.edit","schemaVersion":3,"title":"x","payload":{"draftTags":"home"}}"#,
        #"{"activityType":"com.strata.document.edit","schemaVersion":3,"title":"x","payload":{"draftTitle":7}}"#,
        "not json at all",
    ])
    func unknownTypesVersionsAndGarbageDecodeToNoActivity(json: String) {
        #expect(ActivityRegistry.strata.decode(Data(json.utf8)) == nil)
    }

    @Test func aVersionOneEditActivityIsMigratedWithTheCursorAtTheEnd() throws {
        let json = #"""
            {"activityType":"com.strata.document.edit","schemaVersion":1,"title":"Edit document 3",
             "targetContentIdentifier":"document/3","payload":{"documentId":3,"draftBody":"four"}}
            """#
        let activity = try #require(ActivityRegistry.strata.decode(Data(json.utf8)))
        #expect(
            activity.payload(as: DocumentEditActivity.self)
                == DocumentEditActivity(documentId: 3, changes: FakeData.changes(body: "four"), cursor: 4))
    }

    @Test func aVersionTwoEditActivityIsReadWithItsTagsUnchanged() throws {
        let json = #"""
            {"activityType":"com.strata.document.edit","schemaVersion":2,"title":"Edit document 3",
             "targetContentIdentifier":"document/3","payload":{"documentId":3,"draftTitle":"Three","cursor":2}}
            """#
        let activity = try #require(ActivityRegistry.strata.decode(Data(json.utf8)))
        let payload = try #require(activity.payload(as: DocumentEditActivity.self))
        #expect(
            payload == DocumentEditActivity(documentId: 3, changes: FakeData.changes(title: "Three"), cursor: 2))
        #expect(payload.hasDraft)
    }

    @Test func anEditorsUnsavedFieldsAreKeptUnderDraftAndTheirNames() throws {
        let activity = UserActivity.documentEdit(
            DocumentEditActivity(documentId: 4, changes: FakeData.changes(title: "T", tags: ["a"]), cursor: 0))
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(activity)) as? [String: Any])
        let payload = try #require(object["payload"] as? [String: Any])
        #expect(payload.keys.sorted() == ["cursor", "documentId", "draftTags", "draftTitle"])
        #expect(payload["draftTitle"] as? String == "T" && payload["draftTags"] as? [String] == ["a"])
    }

    /// A null member reads as no unsaved change, as the synthesized decoding of versions 1 to 3 read it.
    @Test func aNullFieldIsNoUnsavedChange() throws {
        let json = #"""
            {"activityType":"com.strata.document.edit","schemaVersion":3,"title":"Edit document 3",
             "payload":{"documentId":3,"draftTitle":null,"draftBody":"four","cursor":1}}
            """#
        let activity = try #require(ActivityRegistry.strata.decode(Data(json.utf8)))
        #expect(
            activity.payload(as: DocumentEditActivity.self)
                == DocumentEditActivity(documentId: 3, changes: FakeData.changes(body: "four"), cursor: 1))
    }

    @Test func clearedTagsAreADraftOfTheirOwn() {
        #expect(DocumentEditActivity(documentId: 5, changes: FakeData.changes(tags: []), cursor: 0).hasDraft)
        #expect(!DocumentEditActivity.opening(5).hasDraft)
    }

    @Test func aVersionOneItemListIsMigratedToTheWholeList() throws {
        let json = #"""
            {"activityType":"com.strata.item.list","schemaVersion":1,"title":"Recipes",
             "targetContentIdentifier":"items:recipes","payload":{"collection":"recipes"}}
            """#
        let activity = try #require(ActivityRegistry.strata.decode(Data(json.utf8)))
        #expect(activity.payload(as: ItemListActivity.self) == ItemListActivity(collection: "recipes", query: ""))
        #expect(
            UserActivity.itemList(.init(collection: "recipes", query: "soup"), title: "Recipes").title
                == #"Recipes matching "soup""#)
    }

    @Test func aCustomRegistryDecidesWhichTypesDecode() throws {
        var registry = ActivityRegistry()
        registry.register(UserProfileActivity.self)
        let edit = try JSONEncoder().encode(
            UserActivity.documentEdit(.opening(1)))
        let profile = try JSONEncoder().encode(UserActivity.userProfile(.init(userId: 1)))
        #expect(registry.decode(edit) == nil)
        #expect(registry.decode(profile) == .userProfile(.init(userId: 1)))
    }

    @Test func activitiesWithDifferentPayloadsDiffer() {
        #expect(UserActivity.userProfile(.init(userId: 1)) != .userProfile(.init(userId: 2)))
        #expect(UserActivity.documentList(.init(query: "", scrollPosition: 0)) != .userProfile(.init(userId: 1)))
    }

    @Test(arguments: [
        (
            "strata://documents/42",
            UserActivity.documentEdit(.opening(42))
        ),
        ("strata://documents", UserActivity.documentList(.init(query: "", scrollPosition: 0))),
        ("strata://documents?query=draft", UserActivity.documentList(.init(query: "draft", scrollPosition: 0))),
        ("strata://users/7", UserActivity.userProfile(.init(userId: 7))),
        ("strata://recipes", UserActivity.itemList(.init(collection: "recipes", query: ""), title: "Recipes")),
        ("strata://notes?query=milk", UserActivity.itemList(.init(collection: "notes", query: "milk"), title: "Notes")),
        ("strata://recipes/3", UserActivity.item(.init(collection: "recipes", itemId: 3), title: "Recipe 3")),
    ])
    func strataURLsRouteToTheirActivity(url: String, activity: UserActivity) throws {
        #expect(
            try UserActivity.routing(#require(URL(string: url)), itemLists: Self.itemLists).get() == activity)
    }

    @Test(arguments: [
        "strata://documents/abc", "strata://settings", "strata://users", "https://documents/1", "strata://documents/0",
        "strata://recipes/0", "strata://recipes/x", "strata://recipes/1/2", "strata://expenses", "strata://expenses/1",
        "strata://recipes?query=soup",
    ])
    func unknownURLsAreRefused(url: String) throws {
        let result = UserActivity.routing(try #require(URL(string: url)), itemLists: Self.itemLists)
        guard case .failure(.unsupportedURL(let message)) = result else {
            Issue.record("expected a refusal, got \(result)")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test func aRefusedURLNamesTheLinksAnAppOpens() {
        let result = UserActivity.routing(URL(string: "strata://expenses")!, itemLists: Self.itemLists)
        #expect(
            result
                == .failure(
                    .unsupportedURL(
                        "Unknown URL path '/expenses' (expected strata://documents, strata://documents/ID, "
                            + "strata://users/ID or a feature's strata://COLLECTION[/ID])")))
    }
}
