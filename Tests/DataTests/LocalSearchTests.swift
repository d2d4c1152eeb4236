import DemoBackend
import Domain
import Foundation
import GRDB
import StrataData
import TestSupport
import Testing

/// `docs search` on this device: the FTS5 index over the stored documents, kept in step by
/// triggers, ranked, folded, and deaf to search syntax.
@Suite("Search on this device")
struct LocalSearchTests {
    typealias Stack = DocumentRepositoryIntegrationTests.Stack

    /// Writes rows straight into `document`, as every writer of the app does one way or another.
    static func store(_ rows: [(Int, String, String, String, Double)], in stack: Stack) throws {
        try stack.rawConnection().write { db in
            for (id, title, body, tags, updated) in rows {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO document (id, title, body, tags, created_at, updated_at, version)
                        VALUES (?, ?, ?, ?, 0, ?, 1)
                        """,
                    arguments: [id, title, body, tags, updated])
            }
        }
    }

    static func execute(_ sql: String, in stack: Stack) throws {
        try stack.rawConnection().write { db in try db.execute(sql: sql) }
    }

    static func ids(_ query: String, _ stack: Stack, policy: ReadPolicy = .localOnly) async throws -> [Int] {
        try await stack.documents.search(query, policy: policy).value.map(\.id.rawValue)
    }

    @Test func theIndexFollowsInsertsReplacementsUpdatesAndDeletes() async throws {
        let stack = try await Stack.make()
        try Self.store(
            [(10, "Garden plans", "tomatoes", "home", 1), (11, "Budget", "garden tools", "money", 2)], in: stack)
        #expect(try await Self.ids("garden", stack) == [10, 11])  // the title outranks the body
        try Self.store([(10, "Kitchen plans", "tiles", "home", 3)], in: stack)  // INSERT OR REPLACE
        #expect(try await Self.ids("garden", stack) == [11])
        try Self.execute("UPDATE document SET body = 'flowers' WHERE id = 11", in: stack)
        #expect(try await Self.ids("garden", stack).isEmpty)
        #expect(try await Self.ids("flowers", stack) == [11])
        try Self.execute("DELETE FROM document WHERE id = 11", in: stack)
        #expect(try await Self.ids("flowers", stack).isEmpty)
    }

    @Test func aTitleOutranksATagWhichOutranksTheBodyAndTiesGoNewestFirst() async throws {
        let stack = try await Stack.make()
        try Self.store(
            [
                (20, "Notes", "the harbour at dawn", "misc", 5), (21, "Harbour walk", "a long walk", "misc", 1),
                (22, "Trip", "photos", "harbour", 2), (23, "Log", "the harbour at dusk", "misc", 6),
            ], in: stack)
        let ranked = try await Self.ids("harbour", stack)
        #expect(ranked == [21, 22, 23, 20])
    }

    @Test(
        "Case and accents are folded; every word must begin a word",
        arguments: [
            ("regle", [30]), ("RÈGLES", [30]), ("règ base", [30]), ("ete", [31]), ("CAFE", [31]), ("gles", []),
            ("regle cafe", []),
        ])
    func folding(query: String, expected: [Int]) async throws {
        let stack = try await Stack.make()
        try Self.store([(30, "Règles de base", "", "", 1), (31, "Café d'été", "", "", 2)], in: stack)
        #expect(try await Self.ids(query, stack) == expected)
    }

    @Test(
        "Search syntax in a query is only punctuation",
        arguments: [
            (#""layer"#, [40]), ("layer*", [40]), ("-rules", [41]), ("layer NEAR rules", []), ("near", [42]),
            ("(layer) OR rules", []), ("AND", []),
        ])
    func syntax(query: String, expected: [Int]) async throws {
        let stack = try await Stack.make()
        try Self.store(
            [(40, "Layer cake", "", "", 1), (41, "House rules", "", "", 2), (42, "Near the sea", "", "", 3)], in: stack)
        #expect(try await Self.ids(query, stack) == expected)
    }

    @Test(arguments: [#"""#, "*", "- -", "()"])
    func aQueryWithNoWordIsRefused(query: String) async throws {
        let stack = try await Stack.make()
        await #expect(throws: DocumentError.noSearchableWords) {
            try await stack.documents.search(query, policy: .localOnly)
        }
    }

    @Test func theDocumentsNotSentYetComeFirstAsTheyAreShown() async throws {
        let stack = try await Stack.make()
        _ = try await stack.sync.sync { _ in }
        await stack.live.backend.stop()  // offline: the edit and the new note stay on this device
        _ = try await stack.documents.create(FakeData.draft(title: "Rules of the road"))
        _ = try await stack.documents.update(
            id: 2, with: FakeData.changes(title: "Layer guide", tags: ["architecture"]))
        let found = try await stack.documents.search("rules", policy: .cacheFirst)
        #expect(found.origin == .index)
        #expect(found.value.map(\.title) == ["Rules of the road"])  // document 2 no longer says "rules" here
        // Document 2's local version first, then the index's match ("a four-layer template")
        let layer = try await Self.ids("layer", stack, policy: .cacheFirst)
        #expect(layer == [2, 1])
    }

    @Test func cacheFirstAsksTheServerUntilASyncBroughtTheDocumentsHere() async throws {
        let stack = try await Stack.make()
        #expect(try await stack.documents.search("rules", policy: .cacheFirst).origin == .network)
        #expect(try await stack.documents.search("rules", policy: .localOnly).value.isEmpty)  // nothing stored yet
        _ = try await stack.sync.sync { _ in }
        let local = try await stack.documents.search("rules", policy: .cacheFirst)
        #expect(local.origin == .index && local.value.map(\.id) == [2])
        #expect(try await stack.documents.search("rules", policy: .remoteOnly).origin == .network)
    }
}
