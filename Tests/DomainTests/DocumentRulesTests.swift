import Domain
import TestSupport
import Testing

@Suite("Document validation rules")
struct DocumentRulesTests {
    /// For each editable field, a draft its rule refuses and the error the user reads (`nil` for a
    /// field with no rule): a new field fails ``everyFieldHasItsRefusedValue()`` until it has its
    /// entry, so its rule comes with a test.
    static let refused: [DocumentField: (draft: DocumentDraft, error: DocumentError)?] = [
        .title: (FakeData.draft(title: " \n"), .invalidField(.title, reason: "The title can't be empty")),
        .body: (
            FakeData.draft(title: "t", body: String(repeating: "x", count: DocumentRules.maxBodyBytes + 1)),
            .invalidField(.body, reason: "The body is too large (at most 1 MiB)")
        ),
        .tags: (
            FakeData.draft(title: "t", tags: ["two words"]),
            .invalidField(.tags, reason: "Invalid tag 'two words': use 1 to 50 characters, no spaces")
        ),
    ]

    /// What the rules say for each way a field can break them, as the user reads it.
    static let fieldErrors: [DocumentError] = [
        FakeData.draft(title: " "), FakeData.draft(title: String(repeating: "a", count: 201)),
        FakeData.draft(title: "t", body: String(repeating: "x", count: DocumentRules.maxBodyBytes + 1)),
        FakeData.draft(title: "t", tags: (0...20).map { "t\($0)" }), FakeData.draft(title: "t", tags: ["x y"]),
        FakeData.draft(title: "a\u{0}"),
    ].compactMap { DocumentRules.check($0) }

    @Test func everyFieldHasItsRefusedValue() {
        #expect(Set(Self.refused.keys) == Set(DocumentField.allCases))
        for case (let field, (let draft, let error)?) in Self.refused {
            #expect(DocumentRules.check(draft) == error, "\(field)")
            #expect(error.field == field, "\(error) names the field it is about")
        }
    }

    @Test("A title of white space only is empty", arguments: ["", " ", "\t\n "])
    func emptyTitle(title: String) {
        #expect(
            DocumentRules.check(FakeData.draft(title: title))
                == .invalidField(.title, reason: "The title can't be empty"))
    }

    @Test(
        "A stored title loses the white space around it, and only that",
        arguments: [
            ("  Notes ", "Notes"), ("\tNotes\n", "Notes"), ("\u{00A0}Notes", "Notes"), ("Notes\u{2003}", "Notes"),
            ("\r\nTwo  words\u{85}", "Two  words"), ("Two  words", "Two  words"), ("é", "é"), (" \n\t", ""), ("", ""),
        ])
    func normalizedTitle(title: String, stored: String) {
        #expect(DocumentRules.normalized(title: title) == stored)
    }

    /// The device would keep a text holding U+0000 cut short at it (``StorableText``).
    @Test(
        "No text field may hold U+0000",
        arguments: [
            (FakeData.draft(title: "cut\u{0}short"), DocumentField.title),
            (FakeData.draft(title: "t", body: "\u{0}"), .body),
            (FakeData.draft(title: "t", tags: ["ok", "a\u{0}b"]), .tags),
        ])
    func unstorableCharacter(draft: DocumentDraft, field: DocumentField) {
        #expect(
            DocumentRules.check(draft)
                == .invalidField(field, reason: "The \(field.rawValue) can't contain the character U+0000"))
    }

    @Test func titleAtTheLimitIsAccepted() {
        let title = String(repeating: "é", count: DocumentRules.maxTitleLength)
        #expect(DocumentRules.check(FakeData.draft(title: title)) == nil)
    }

    @Test func titleOverTheLimitIsRejected() {
        let title = String(repeating: "a", count: DocumentRules.maxTitleLength + 1)
        #expect(
            DocumentRules.check(FakeData.draft(title: title))
                == .invalidField(.title, reason: "The title is too long (at most 200 characters)"))
    }

    @Test func bodyAtOneMebibyteIsAccepted() {
        let body = String(repeating: "x", count: 1_048_576)
        #expect(DocumentRules.check(FakeData.draft(title: "t", body: body)) == nil)
    }

    @Test func bodyOverOneMebibyteIsRejectedCountingBytesNotCharacters() {
        // 524,289 two-byte characters are 1,048,578 bytes.
        let body = String(repeating: "é", count: 524_289)
        #expect(
            DocumentRules.check(FakeData.draft(title: "t", body: body))
                == .invalidField(.body, reason: "The body is too large (at most 1 MiB)"))
    }

    @Test func twentyTagsAreAcceptedAndTwentyOneAreNot() {
        let twenty = (1...20).map { "t\($0)" }
        #expect(DocumentRules.check(FakeData.draft(title: "t", tags: twenty)) == nil)
        #expect(
            DocumentRules.check(FakeData.draft(title: "t", tags: twenty + ["t21"]))
                == .invalidField(.tags, reason: "Too many tags (at most 20)"))
    }

    @Test(
        "A tag must be 1 to 50 characters without white space",
        arguments: ["", "two words", String(repeating: "a", count: 51)])
    func invalidTag(tag: String) {
        #expect(
            DocumentRules.check(FakeData.draft(title: "t", tags: [tag]))
                == .invalidField(.tags, reason: "Invalid tag '\(tag)': use 1 to 50 characters, no spaces"))
    }

    /// A document's tags are a set: the same tag twice would show twice, and count twice in
    /// every search and list by tag.
    @Test func aTagGivenTwiceIsRefused() {
        #expect(
            DocumentRules.check(FakeData.draft(title: "t", tags: ["home", "weekly", "home"]))
                == .invalidField(.tags, reason: "The tag 'home' is given twice"))
        #expect(DocumentRules.check(FakeData.draft(title: "t", tags: ["home", "Home"])) == nil, "tags keep their case")
    }

    @Test func zeroIsNeverAnIDAndNegativeIDsNameDocumentsCreatedOnThisDevice() throws {
        #expect(throws: DocumentError.invalidID(0)) { try DocumentRules.id(0) }
        #expect(try DocumentRules.id(-1).isIssuedByServer == false)
        #expect(try DocumentRules.id(7).isIssuedByServer)
        #expect(Document.ID.server(3)?.rawValue == 3 && Document.ID.server(-3) == nil && Document.ID.server(0) == nil)
        #expect(Document.ID.device(2)?.rawValue == -2 && Document.ID.device(0) == nil)
        #expect(try DocumentRules.id(-1).description == "-1")
    }

    @Test func changesThatChangeNothingAreRejected() {
        #expect(DocumentRules.check(FakeData.changes()) == .noChanges)
    }

    @Test func changesAreCheckedFieldByField() {
        #expect(
            DocumentRules.check(FakeData.changes(title: " "))
                == .invalidField(.title, reason: "The title can't be empty"))
        #expect(DocumentRules.check(FakeData.changes(body: "ok")) == nil)
        #expect(
            DocumentRules.check(FakeData.changes(tags: [""]))
                == .invalidField(.tags, reason: "Invalid tag '': use 1 to 50 characters, no spaces"))
    }

    @Test func queriesMustHaveTextAndAreLimited() {
        #expect(DocumentRules.check(query: "  ") == .emptyQuery)
        #expect(DocumentRules.check(query: String(repeating: "q", count: 201)) == .queryTooLong(maxCharacters: 200))
        #expect(DocumentRules.check(query: "rules") == nil)
        // Counted in Unicode scalars, as the server counts `q`: 101 flags are 202.
        #expect(
            DocumentRules.check(query: String(repeating: "\u{1F1EB}\u{1F1F7}", count: 101))
                == .queryTooLong(maxCharacters: 200))
        #expect(DocumentRules.check(query: String(repeating: "\u{1F1EB}\u{1F1F7}", count: 100)) == nil)
    }

    @Test func validationErrorsNameTheirField() {
        for field in DocumentField.allCases {
            let error = DocumentError.invalidField(field, reason: "r")
            #expect(error.field == field && error.fieldName == field.rawValue && error.remedy == .fixInput)
        }
        #expect(DocumentError.rejected.field == nil && DocumentError.rejected.fieldName == nil)
    }

    @Test func everyErrorHasAShortMessage() {
        let errors: [DocumentError] =
            [
                .invalidID(0), .notFound(id: 1), .noChanges, .emptyQuery, .queryTooLong(maxCharacters: 200), .rejected,
                .unauthorized, .forbidden, .unavailable, .invalidData, .storageFailure, .cancelled,
            ] + Self.fieldErrors
        #expect(Self.fieldErrors.count == 6, "each draft breaks a rule")
        for error in errors {
            let message = error.errorDescription ?? ""
            #expect(!message.isEmpty && message.count <= 80 && !message.contains("\n"), "\(error): \(message)")
        }
        #expect(DocumentError.unauthorized.errorDescription == "Please log in again")
    }
}
