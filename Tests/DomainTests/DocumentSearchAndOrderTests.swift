import Domain
import Foundation
import TestSupport
import Testing

@Suite("Searching and ordering documents")
struct DocumentSearchAndOrderTests {
    let rules = FakeData.document(id: 1, title: "Règles de base", body: "Domain first", tags: ["architecture"])

    @Test(
        "A query matches title, body or a tag, ignoring case and accents",
        arguments: ["regles", "RÈGLES", "domain", "FIRST", "archi", "de base"])
    func matches(query: String) {
        #expect(DocumentSearch.matches(rules, query: query))
    }

    @Test(arguments: ["rulez", "architecture first", "base de"])
    func doesNotMatch(query: String) {
        #expect(!DocumentSearch.matches(rules, query: query))
    }

    @Test(
        "On this device every word must begin a word of the document, in any order and case",
        arguments: ["regles", "RÈGL", "de base", "base de", "dom FIRST", "archi", "b r d"])
    func matchesWords(query: String) {
        #expect(DocumentSearch.matches(rules, words: DocumentSearch.words(in: query)))
    }

    @Test(arguments: ["gles", "domain second", "ase", "architecture-x"])
    func doesNotMatchWords(query: String) {
        #expect(!DocumentSearch.matches(rules, words: DocumentSearch.words(in: query)))
    }

    @Test(
        "Words are runs of letters and digits: search syntax is only a separator",
        arguments: [
            (#""layer rules""#, ["layer", "rules"]), ("layer*", ["layer"]), ("-rules", ["rules"]),
            ("a NEAR b", ["a", "NEAR", "b"]), ("(x) OR y2k", ["x", "OR", "y2k"]),
            ("été d'hiver", ["été", "d", "hiver"]),
            (#"" * - ()"#, []),
        ])
    func words(query: String, expected: [String]) {
        #expect(DocumentSearch.words(in: query) == expected)
    }

    @Test func queriesAreSearchedWithoutSurroundingWhiteSpace() {
        #expect(SearchWords.normalized("  layer rules \n") == "layer rules")
    }

    @Test func theNewestChangeComesFirstAndTiesGoToTheHigherID() {
        let early = FakeData.date
        let late = early.addingTimeInterval(60)
        let summaries = [
            FakeData.document(id: 1, updatedAt: early).summary, FakeData.document(id: 2, updatedAt: late).summary,
            FakeData.document(id: 3, updatedAt: early).summary, FakeData.document(id: -1, updatedAt: late).summary,
        ]
        #expect(DocumentOrder.sorted(summaries).map(\.id.rawValue) == [2, -1, 3, 1])
    }
}

@Suite("Conflict policies")
struct ConflictPolicyTests {
    let serverChangedAt = Date(timeIntervalSince1970: 1_000)

    @Test func eachPolicyDecides() {
        let edit = Date(timeIntervalSince1970: 2_000)
        #expect(ConflictPolicy.serverWins.resolve(localChangeAt: edit, serverChangedAt: serverChangedAt) == .keepServer)
        #expect(
            ConflictPolicy.clientWins.resolve(localChangeAt: edit, serverChangedAt: serverChangedAt) == .overwriteServer
        )
        #expect(ConflictPolicy.manual.resolve(localChangeAt: edit, serverChangedAt: serverChangedAt) == .askUser)
        #expect(
            ConflictPolicy.lastWriterWins.resolve(localChangeAt: edit, serverChangedAt: serverChangedAt)
                == .overwriteServer)
    }

    @Test func lastWriterWinsComparesWholeSecondsAndATieGoesToTheServer() {
        let sameSecond = Date(timeIntervalSince1970: 1_000.9)
        #expect(
            ConflictPolicy.lastWriterWins.resolve(localChangeAt: sameSecond, serverChangedAt: serverChangedAt)
                == .keepServer)
        let earlier = Date(timeIntervalSince1970: 999)
        #expect(
            ConflictPolicy.lastWriterWins.resolve(localChangeAt: earlier, serverChangedAt: serverChangedAt)
                == .keepServer)
        // A server that sends no time of change keeps its version: nothing says the edit is later.
        #expect(
            ConflictPolicy.lastWriterWins.resolve(localChangeAt: .distantFuture, serverChangedAt: .some(nil))
                == .keepServer)
    }

    @Test(arguments: [ConflictPolicy.clientWins, .lastWriterWins, .manual])
    func aLocalChangeAgainstADeletionGoesToTheUser(policy: ConflictPolicy) {
        #expect(policy.resolve(localChangeAt: Date(), serverChangedAt: nil) == .askUser)
        #expect(ConflictPolicy.serverWins.resolve(localChangeAt: Date(), serverChangedAt: nil) == .keepServer)
    }
}

@Suite("Document changes")
struct DocumentChangesTests {
    let document = FakeData.document(id: 3, title: "Title", body: "Body", tags: ["a", "b"])

    @Test func keepingAVersionSendsEveryField() {
        // A field left out of the changes, or not applied, would differ from the complete document.
        let complete = FakeData.completeDocument
        let changes = DocumentChanges(everyFieldOf: complete)
        #expect(DocumentDraft(changes.applied(to: document)) == DocumentDraft(complete))
    }

    @Test func applyingChangesSetsEveryFieldTheyCarry() {
        let changes = DocumentChanges(everyFieldOf: FakeData.completeDocument)
        let changed = changes.applied(to: document)
        #expect(DocumentChanges(everyFieldOf: changed) == changes)
    }
}

@Suite("Errors are worded for people")
struct DomainErrorWordingTests {
    static let messages: [String] = {
        let documentErrors: [DocumentError] =
            [
                .invalidID(0), .notFound(id: 1), .noChanges, .emptyQuery, .queryTooLong(maxCharacters: 200),
                .rejected, .notCached, .insecureConnection(host: "example.com"), .unauthorized, .forbidden,
                .unavailable,
                .invalidData, .storageFailure, .cancelled,
            ] + DocumentRulesTests.fieldErrors
        let userErrors: [UserError] = [
            .invalidID(0), .notFound(id: 1), .unauthorized, .forbidden, .rejected, .unavailable, .invalidData,
            .notCached,
            .insecureConnection(host: "example.com"), .cancelled,
        ]
        let syncErrors: [SyncError] = [
            .offline(pending: 2), .invalidData(pending: 1), .refused("forbidden (403)", pending: 0), .noSuchEntry(1),
            .notInConflict(1), .invalidMerge("x"),
            .storageFailure, .cancelled,
        ]
        return documentErrors.compactMap(\.errorDescription) + userErrors.compactMap(\.errorDescription)
            + syncErrors.compactMap(\.errorDescription)
    }()

    @Test(arguments: messages)
    func noMessageNamesACommandOrAFlag(message: String) {
        #expect(!message.contains("--"), "\(message)")
        #expect(!message.contains("(see '"), "\(message)")
    }
}
