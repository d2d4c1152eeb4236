import Domain
import TestSupport
import Testing

@Suite("Document use cases against a fake repository")
struct DocumentUseCaseTests {
    let repository = FakeDocumentRepository(documents: [FakeData.document(id: 1), FakeData.document(id: 2)])

    @Test func listingReturnsTheRepositorysDocumentsAndOrigin() async throws {
        let result = await ListDocumentsUseCase(repository: repository).execute(policy: .networkFirst)
        let fetched = try result.get()
        #expect(fetched.value.map(\.id) == [2, 1])
        #expect(fetched.origin == .disk)
        #expect(await repository.calls == [.documents(.networkFirst)])
    }

    @Test func fetchingAnUnknownIDIsNotFound() async {
        let result = await FetchDocumentUseCase(repository: repository).execute(id: 9)
        #expect(result.failure == .notFound(id: 9))
    }

    @Test func anInvalidIDIsRefusedBeforeAnyUseCaseRuns() {
        // Identifiers are typed: a number becomes one only through the Domain's rule.
        #expect(throws: DocumentError.invalidID(0)) { try DocumentRules.id(0) }
    }

    @Test func importingSavesEveryDraftTrimmedOrNoneWhenOneBreaksARule() async throws {
        let refused = await ImportDocumentsUseCase(repository: repository)
            .execute([
                FakeData.draft(title: "fine"),
                FakeData.draft(title: "tag", tags: ["two words"]),
            ])
        #expect(
            refused.failure
                == .invalidField(.tags, reason: "Invalid tag 'two words': use 1 to 50 characters, no spaces"))
        #expect(await repository.calls.isEmpty)
        _ = try await ImportDocumentsUseCase(repository: repository)
            .execute([FakeData.draft(title: " a "), FakeData.draft(title: "b")])
            .get()
        #expect(
            await repository.calls == [
                .createAll([
                    FakeData.draft(title: "a"), FakeData.draft(title: "b"),
                ])
            ])
    }

    @Test func savingAnImportsPartQueuesItTrimmedAndSendingSendsIt() async throws {
        let importing = ImportDocumentsUseCase(repository: repository)
        let refused = await importing.save([
            FakeData.draft(title: "fine"), FakeData.draft(title: " "),
        ])
        #expect(refused.failure == .invalidField(.title, reason: "The title can't be empty"))
        #expect(await repository.calls.isEmpty)
        _ = try await importing.save([FakeData.draft(title: " a ")]).get()
        await importing.send()
        #expect(await repository.calls == [.queue([FakeData.draft(title: "a")]), .sendQueued])
    }

    @Test func creatingTrimsTheTitleAndSaves() async throws {
        let result = await CreateDocumentUseCase(repository: repository)
            .execute(FakeData.draft(title: "  Groceries ", body: "milk", tags: ["home"]))
        let document = try result.get()
        #expect(document.id == 3)
        #expect(document.title == "Groceries")
        #expect(await repository.stored[3]?.tags == ["home"])
    }

    @Test func anInvalidDraftIsRejectedAndNothingIsSaved() async {
        let result = await CreateDocumentUseCase(repository: repository).execute(
            FakeData.draft(title: ""))
        #expect(result.failure == .invalidField(.title, reason: "The title can't be empty"))
        #expect(await repository.calls.isEmpty)
        #expect(await repository.stored.count == 2)
    }

    @Test func updatingAppliesOnlyTheGivenFields() async throws {
        let result = await UpdateDocumentUseCase(repository: repository)
            .execute(id: 1, changes: FakeData.changes(title: "Renamed"))
        let document = try result.get()
        #expect(document.title == "Renamed")
        #expect(document.body == "Body")
        #expect(document.version == 2)
    }

    @Test func updatingWithNoChangesIsRejectedBeforeTheRepository() async {
        let result = await UpdateDocumentUseCase(repository: repository).execute(
            id: 1, changes: FakeData.changes())
        #expect(result.failure == .noChanges)
        #expect(await repository.calls.isEmpty)
    }

    @Test func deletingRemovesTheDocumentAndAnUnknownIDIsNotFound() async {
        let useCase = DeleteDocumentUseCase(repository: repository)
        #expect(await useCase.execute(id: 2).failure == nil)
        #expect(await repository.stored[2] == nil)
        #expect(await useCase.execute(id: 2).failure == .notFound(id: 2))
    }

    @Test func searchingTrimsTheQueryAndRejectsAnEmptyOne() async throws {
        let useCase = SearchDocumentsUseCase(repository: repository)
        #expect(await useCase.execute(query: "   ").failure == .emptyQuery)
        let hits = try await useCase.execute(query: " document 2 ").get()
        #expect(hits.value.map(\.id) == [2])
        #expect(await repository.calls == [.search("document 2", .cacheFirst)])
    }

    @Test(
        "Repository failures reach the caller unchanged",
        arguments: [DocumentError.unavailable, .unauthorized, .rejected])
    func failuresPassThrough(error: DocumentError) async {
        await repository.setFailure(error)
        #expect(await ListDocumentsUseCase(repository: repository).execute().failure == error)
        #expect(await FetchDocumentUseCase(repository: repository).execute(id: 1).failure == error)
        #expect(
            await CreateDocumentUseCase(repository: repository).execute(FakeData.draft(title: "t"))
                .failure == error)
        #expect(await repository.stored.count == 2)
    }
}

@Suite("User use cases against a fake repository")
struct UserUseCaseTests {
    let repository = FakeUserRepository(users: [FakeData.user(id: 1, name: "Ada")])

    @Test func fetchingAKnownUserReturnsTheProfile() async throws {
        let user = try await FetchUserUseCase(repository: repository).execute(id: 1).get()
        #expect(user.value.name == "Ada")
    }

    @Test func fetchingAnUnknownUserFailsAndAnInvalidNumberIsNoID() async {
        let useCase = FetchUserUseCase(repository: repository)
        #expect(await useCase.execute(id: 5).failure == .notFound(id: 5))
        #expect(await repository.requestedIDs == [5])
        #expect(throws: UserError.invalidID(-1)) { try UserRules.id(-1) }
        #expect(throws: UserError.invalidID(0)) { try UserRules.id(0) }
    }

    @Test func repositoryFailuresReachTheCaller() async {
        await repository.setFailure(.unavailable)
        #expect(await FetchUserUseCase(repository: repository).execute(id: 1).failure == .unavailable)
    }
}

@Suite("ListDocumentsUseCase pages")
struct ListDocumentsPageTests {
    @Test(arguments: [0, -1, 501, 1_000_000_000])
    func aSizeOutsideTheRulesNeverReachesTheRepository(limit: Int) async {
        let repository = FakeDocumentRepository()
        let result = await ListDocumentsUseCase(repository: repository).execute(page: PageRequest(limit: limit))
        #expect(result.failure == .invalidPageSize(limit, max: 500))
        #expect(await repository.calls.isEmpty)
    }

    @Test func pagesFollowTheirCursorsToTheEnd() async throws {
        let repository = FakeDocumentRepository(documents: (1...5).map { FakeData.document(id: $0) })
        let use = ListDocumentsUseCase(repository: repository)
        let first = try await use.execute(page: PageRequest(limit: 3)).get().value
        let second = try await use.execute(page: PageRequest(limit: 3, after: first.next)).get().value
        #expect(first.items.count == 3 && second.items.count == 2 && second.next == nil)
        #expect(Set(first.items.map(\.id) + second.items.map(\.id)).count == 5)
    }

    @Test(arguments: ["", "has space", String(repeating: "x", count: 201)])
    func aCursorIsOneWordOfAtMost200Characters(text: String) {
        #expect(PageCursor(rawValue: text) == nil)
    }
}
