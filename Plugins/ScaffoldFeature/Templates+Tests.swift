/// The feature's tests, one file per layer, and the fake its use cases and view models run on.
extension FeatureSpec {
    func testFiles() -> [(path: String, text: String)] {
        [
            ("Sources/TestSupport/Fake\(name)Repository.swift", fakeRepository()),
            ("Tests/DomainTests/\(plural)/\(name)UseCaseTests.swift", useCaseTests()),
            ("Tests/DataTests/\(plural)/\(name)RepositoryContractTests.swift", contractTests()),
            ("Tests/PresentationTests/\(plural)/\(name)ViewModelTests.swift", viewModelTests()),
            ("Tests/ReplTests/\(plural)/\(name)CommandTests.swift", commandTests()),
        ]
    }

    /// A draft with every field set to a sample value.
    func sampleDraft(_ sample: Field.Sample) -> String {
        "\(name)Draft(\(fields.map { "\($0.name): \($0.swiftValue(sample))" }.joined(separator: ", ")))"
    }

    private func fakeRepository() -> String {
        """
        public import Domain
        import Foundation

        /// A scriptable in-memory ``\(name)RepositoryProtocol`` for use-case and view-model tests; the
        /// contract suite holds it to the production repository.
        public actor Fake\(name)Repository: \(name)RepositoryProtocol {
            /// The stored \(lowerPlural) by identifier.
            public private(set) var stored: [\(name).ID: \(name)]
            /// When set, every call throws this error.
            public private(set) var failure: \(name)Error?
            private var lastNumber: Int

            /// Creates a fake holding `\(lowerPlural)`.
            public init(\(lowerPlural): [\(name)] = []) {
                stored = Dictionary(\(lowerPlural).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                lastNumber = \(lowerPlural).map(\\.id.rawValue).max() ?? 0
            }

            /// Makes every following call fail with `error`, or succeed again with `nil`.
            public func setFailure(_ error: \(name)Error?) { failure = error }

            private var newestFirst: [\(name)] {
                stored.values.sorted { ($0.updatedAt, $0.id) > ($1.updatedAt, $1.id) }
            }

            /// Lists newest change first, then the highest identifier, as the app's store does.
            public func \(lowerPlural)(policy: ReadPolicy) async throws(\(name)Error) -> Fetched<[\(name)]> {
                if let failure { throw failure }
                return Fetched(newestFirst, origin: .disk)
            }

            /// Pages in the list's order, with cursors of its own (`fake.` and the position).
            public func \(lowerPlural)(page: PageRequest, policy: ReadPolicy) async throws(\(name)Error) -> Fetched<Page<\(name)>> {
                if let failure { throw failure }
                let ordered = newestFirst
                var start = 0
                if let after = page.after {
                    guard after.rawValue.hasPrefix("fake."), let position = Int(after.rawValue.dropFirst(5)), position > 0 else {
                        throw .invalidCursor
                    }
                    start = min(position, ordered.count)
                }
                let end = min(start + page.limit, ordered.count)
                let next = end < ordered.count ? PageCursor(rawValue: "fake.\\(end)") : nil
                return Fetched(Page(items: Array(ordered[start..<end]), next: next), origin: .disk)
            }

            public func \(lower)(id: \(name).ID, policy: ReadPolicy) async throws(\(name)Error) -> Fetched<\(name)> {
                if let failure { throw failure }
                guard let found = stored[id] else { throw .notFound(id: id) }
                return Fetched(found, origin: .disk)
            }

            public func create(_ draft: \(name)Draft) async throws(\(name)Error) -> \(name) {
                if let failure { throw failure }
                guard let id = \(name).ID(rawValue: lastNumber + 1) else { throw .storageFailure }
                lastNumber += 1
                // As a reachable server answers a create: its first version, synced
                var made = draft.\(lower)(id: id, at: Date(timeIntervalSince1970: 1_767_258_000))
                made.version = 1
                made.syncState = .synced
                stored[id] = made
                return made
            }

            public func update(_ \(lower): \(name)) async throws(\(name)Error) -> \(name) {
                if let failure { throw failure }
                guard let current = stored[\(lower).id] else { throw .notFound(id: \(lower).id) }
                var saved = \(lower)
                saved.version = current.version + 1
                stored[\(lower).id] = saved
                return saved
            }

            public func delete(id: \(name).ID) async throws(\(name)Error) {
                if let failure { throw failure }
                guard stored.removeValue(forKey: id) != nil else { throw .notFound(id: id) }
            }

            /// Stores every draft, as ``create(_:)`` does, or none when a call fails.
            public func queue(_ drafts: [\(name)Draft]) async throws(\(name)Error) {
                if let failure { throw failure }
                for draft in drafts { _ = try await create(draft) }
            }

            /// How many times ``sendQueued()`` was called.
            public private(set) var sends = 0

            public func sendQueued() async { sends += 1 }\(isSearchable ? """


                /// The stored \(lowerPlural) the words match as the device's index does (``SearchWords``), from
                /// the disk whatever the policy.
                public func search(_ query: String, words: [String], policy: ReadPolicy) async throws(\(name)Error) -> Fetched<[\(name)]> {
                    if let failure { throw failure }
                    guard !words.isEmpty else { throw .invalid(SearchWords.Refusal.noWordsOnDevice.message) }
                    let found = stored.values.filter { item in
                        SearchWords.match(words, in: [\(searchable.map { $0.type == .strings ? "item.\($0.name).joined(separator: \" \")" : ($0.type == .optionalString ? "item.\($0.name) ?? \"\"" : "item.\($0.name)") }.joined(separator: ", "))])
                    }.sorted { ($0.updatedAt, $0.id) > ($1.updatedAt, $1.id) }
                    return Fetched(found, origin: .disk)
                }
            """ : "")
        }

        """
    }

    /// An editor test, when the feature has a required text field: a save its rule refuses names
    /// that field beside the sentence, for a form to show it there.
    private var refusedFieldEditorTest: String {
        guard let text = fields.first(where: { $0.type == .string }) else { return "" }
        return """

            @Test func aSaveARuleRefusesNamesTheFieldBesideTheSentence() async {
                let repository = Fake\(name)Repository()
                var draft = \(sampleDraft(.first))
                draft.\(text.name) = "   "
                let editor = \(name)EditorViewModel(
                    editing: nil, draft: draft, create\(name): Create\(name)UseCase(repository: repository),
                    update\(name): Update\(name)UseCase(repository: repository), findConflict: noConflicts)
                await editor.save()?.value
                let refused = ViewFailure(message: "The \(text.name) can't be empty", remedy: .fixInput, field: "\(text.name)")
                #expect(editor.state == .failed(draft, failure: refused))
                #expect(await repository.stored.isEmpty)
            }
        """
    }

    /// Rules tests for the text fields, when the feature has any.
    private var textRuleTests: String {
        guard let text = fields.first(where: { $0.type == .string || $0.type == .optionalString }) else { return "" }
        let empty =
            text.type == .string
            ? """

                @Test func empty\(text.name.prefix(1).uppercased() + text.name.dropFirst())IsRefusedAndNothingIsSaved() async {
                    var draft = \(sampleDraft(.first))
                    draft.\(text.name) = "   "
                    let result = await Create\(name)UseCase(repository: repository).execute(draft)
                    #expect(result == .failure(.invalidField(name: "\(text.name)", reason: "The \(text.name) can't be empty")))
                    #expect(await repository.stored.isEmpty)
                }

                /// Blank is white space in every Unicode scalar, as the server reads it: a mark on a
                /// space is something, which a check of characters took for a space.
                @Test func aMarkOnASpaceIsNotAnEmpty\(text.name.prefix(1).uppercased() + text.name.dropFirst())() async {
                    var draft = \(sampleDraft(.first))
                    draft.\(text.name) = " \\u{301}"
                    let result = await Create\(name)UseCase(repository: repository).execute(draft)
                    #expect(result.map(\\.\(text.name)) == .success(" \\u{301}"))
                }

            """ : ""
        return """
            \(empty)
                /// The limit counts Unicode scalars, as the server does: 101 accents typed as marks of
                /// their own are 202, though they show as 101 characters.
                @Test func textOverTheLimitIsRefused() async {
                    var draft = \(sampleDraft(.first))
                    draft.\(text.name) = String(repeating: "e\\u{301}", count: \(name)Rules.maxTextLength / 2 + 1)
                    let result = await Create\(name)UseCase(repository: repository).execute(draft)
                    #expect(result == .failure(.invalidField(name: "\(text.name)", reason: "The \(text.name) is too long (at most 200 characters)")))
                }

                @Test func anImportWithOneDraftOverTheLimitSavesNothing() async {
                    var tooLong = \(sampleDraft(.second))
                    tooLong.\(text.name) = String(repeating: "x", count: \(name)Rules.maxTextLength + 1)
                    let result = await Import\(plural)UseCase(repository: repository).execute([\(sampleDraft(.first)), tooLong])
                    #expect(result.map { _ in 0 } == .failure(.invalidField(name: "\(text.name)", reason: "The \(text.name) is too long (at most 200 characters)")))
                    #expect(await repository.stored.isEmpty)
                    #expect(await repository.sends == 0)
                }

                @Test func textHoldingANULCharacterIsRefused() async {
                    var draft = \(sampleDraft(.first))
                    draft.\(text.name) = "cut\\u{0}short"
                    let result = await Create\(name)UseCase(repository: repository).execute(draft)
                    #expect(result == .failure(.invalidField(name: "\(text.name)", reason: "The \(text.name) can't contain the character U+0000")))
                    #expect(await repository.stored.isEmpty)
                }

            """
    }

    private func useCaseTests() -> String {
        """
        import Domain
        import Foundation
        import TestSupport
        import Testing

        @Suite("\(name) use cases")
        struct \(name)UseCaseTests {
            let repository = Fake\(name)Repository()

            @Test func aCreated\(name)IsListedAndFound() async throws {
                let created = try await Create\(name)UseCase(repository: repository).execute(\(sampleDraft(.first))).get()
                #expect(\(name)Draft(created) == \(sampleDraft(.first)))
                #expect(try await List\(plural)UseCase(repository: repository).execute().get().value == [created])
                #expect(try await Fetch\(name)UseCase(repository: repository).execute(id: created.id).get().value == created)
            }

            @Test func anUpdateKeepsTheNewFields() async throws {
                let created = try await Create\(name)UseCase(repository: repository).execute(\(sampleDraft(.first))).get()
                let changed = \(sampleDraft(.second)).applied(to: created)
                let saved = try await Update\(name)UseCase(repository: repository).execute(changed).get()
                #expect(\(name)Draft(saved) == \(sampleDraft(.second)))
                #expect(saved.id == created.id && saved.version == created.version + 1)
            }

            @Test func anImportSavesEveryDraftThenSendsThem() async throws {
                try await Import\(plural)UseCase(repository: repository).execute([\(sampleDraft(.first)), \(sampleDraft(.second))]).get()
                let listed = try await List\(plural)UseCase(repository: repository).execute().get().value
                // Made in the same moment: the one made last comes first
                #expect(listed.map(\(name)Draft.init) == [\(sampleDraft(.second)), \(sampleDraft(.first))])
                #expect(await repository.sends == 1)
            }

            @Test func aDeleted\(name)IsNotFound() async throws {
                let created = try await Create\(name)UseCase(repository: repository).execute(\(sampleDraft(.first))).get()
                try await Delete\(name)UseCase(repository: repository).execute(id: created.id).get()
                let found = await Fetch\(name)UseCase(repository: repository).execute(id: created.id)
                #expect(found.map(\\.value) == .failure(.notFound(id: created.id)))
            }
        \(textRuleTests)
        \(isSearchable ? searchUseCaseTest : "")
        \(rangeTest)
            @Test func aPageSizeTheRulesRefuseNeverReachesTheRepository() async {
                await repository.setFailure(.unavailable)
                for size in [0, PageRequest.maxLimit + 1] {
                    let page = await List\(plural)UseCase(repository: repository).execute(page: PageRequest(limit: size))
                    #expect(page.map(\\.value) == .failure(.invalidPageSize(size, max: PageRequest.maxLimit)))
                }
            }

            @Test func zeroIsNoIdentifier() throws {
                #expect(throws: \(name)Error.invalidID(0)) { try \(name)Rules.id(0) }
                #expect(try \(name)Rules.id(7).rawValue == 7)
            }

            @Test func theRepositorysFailureReachesTheCaller() async {
                await repository.setFailure(.unavailable)
                let listed = await List\(plural)UseCase(repository: repository).execute()
                #expect(listed.map(\\.value) == .failure(.unavailable))
                #expect(\(name)Error.unavailable.errorDescription == "The server can't be reached; try again later")
            }

            @Test func theListIsNewestChangeFirstAsItsPagesAreAndTheDocumentsList() async throws {
                let sample = \(sampleDraft(.first))
                let made = [(1, 20), (2, 10), (3, 30), (-1, 5)].compactMap { number, seconds in
                    \(name).ID(rawValue: number).map { sample.\(lower)(id: $0, at: Date(timeIntervalSince1970: TimeInterval(seconds))) }
                }
                let useCase = List\(plural)UseCase(repository: Fake\(name)Repository(\(lowerPlural): made))
                let listed = try await useCase.execute().get().value
                #expect(listed.map(\\.id.rawValue) == [3, 1, 2, -1])
                #expect(try await useCase.execute(page: PageRequest(limit: 4)).get().value.items == listed)
            }

            @Test func oneMadeOnThisDeviceWaitsToBeSentOnNoServerVersionAsADocumentDoes() throws {
                let made = \(sampleDraft(.first)).\(lower)(id: try #require(\(name).ID.device(1)), at: Date(timeIntervalSince1970: 0))
                #expect(made.version == 0 && made.syncState == .pending)
            }
        }

        """
    }

    private func contractTests() -> String {
        """
        import DemoBackend
        import Domain
        import Foundation
        import GRDB
        import TestSupport
        import Testing

        @testable import StrataData

        /// What every ``\(name)RepositoryProtocol`` promises, against the production repository (a
        /// real server over loopback) and the fake; and the table the migration makes.
        @Suite("\(name)Repository contract")
        struct \(name)RepositoryContractTests {
            enum Implementation: String, CaseIterable, CustomTestStringConvertible {
                case production, fake

                var testDescription: String { rawValue }

                func make() async throws -> (repository: any \(name)RepositoryProtocol, keepAlive: Any?) {
                    switch self {
                    case .production:
                        let (stack, live, folder) = try await \(name)RepositoryContractTests.stack(serving: DemoSeed.collections)
                        return (\(name)RepositoryImpl(stack: stack, api: live.client), (stack, live, folder))
                    case .fake:
                        return (Fake\(name)Repository(), nil)
                    }
                }
            }

            /// A data stack over a fresh database, talking to a server that has `collections` (the
            /// feature's among them, unless the test is about a server without it).
            static func stack(serving collections: [CollectionSpec]) async throws -> (DataStack, LiveBackend, ScratchFolder) {
                let live = try await LiveBackend.start(collections: collections)
                let folder = try ScratchFolder()
                let database = try AppDatabase.open(at: folder.url.appendingPathComponent("app.sqlite"))
                let stack = DataStack(database: database, api: live.client, monitor: live.monitor, now: { Date() })
                return (stack, live, folder)
            }

            @Test(arguments: Implementation.allCases)
            func aCreated\(name)IsFoundAndListed(_ implementation: Implementation) async throws {
                let (repository, keepAlive) = try await implementation.make()
                defer { withExtendedLifetime(keepAlive) {} }
                let created = try await repository.create(\(sampleDraft(.first)))
                #expect(\(name)Draft(created) == \(sampleDraft(.first)))
                #expect(\(name)Draft(try await repository.\(lower)(id: created.id, policy: .remoteOnly).value) == \(sampleDraft(.first)))
                #expect(try await repository.\(lowerPlural)(policy: .networkFirst).value.map(\\.id) == [created.id])
            }

            @Test(arguments: Implementation.allCases)
            func anUpdateIsKeptAndADeletionForgotten(_ implementation: Implementation) async throws {
                let (repository, keepAlive) = try await implementation.make()
                defer { withExtendedLifetime(keepAlive) {} }
                let created = try await repository.create(\(sampleDraft(.first)))
                _ = try await repository.update(\(sampleDraft(.second)).applied(to: created))
                let read = try await repository.\(lower)(id: created.id, policy: .remoteOnly).value
                #expect(\(name)Draft(read) == \(sampleDraft(.second)) && read.version == 2)
                try await repository.delete(id: created.id)
                await #expect(throws: \(name)Error.notFound(id: created.id)) {
                    try await repository.\(lower)(id: created.id, policy: .remoteOnly)
                }
            }

            @Test(arguments: Implementation.allCases)
            func pagesGoNewestChangeFirstAndShowEach\(name)Once(_ implementation: Implementation) async throws {
                let (repository, keepAlive) = try await implementation.make()
                defer { withExtendedLifetime(keepAlive) {} }
                var made: [\(name).ID] = []
                for _ in 1...3 { made.append(try await repository.create(\(sampleDraft(.first))).id) }
                let first = try await repository.\(lowerPlural)(page: PageRequest(limit: 2), policy: .networkFirst).value
                let cursor = try #require(first.next)
                let second = try await repository.\(lowerPlural)(page: PageRequest(limit: 2, after: cursor), policy: .networkFirst).value
                #expect((first.items + second.items).map(\\.id) == made.reversed() && second.next == nil)
                let madeUp = try #require(PageCursor(rawValue: "nothing-handed-out"))
                await #expect(throws: \(name)Error.invalidCursor) {
                    try await repository.\(lowerPlural)(page: PageRequest(limit: 2, after: madeUp), policy: .networkFirst)
                }
            }

        \(isSearchable ? searchContractTest : "")
            /// A server deployed before the feature answers 404 to the list: the repository says the
            /// server has no \(lowerPlural), not that it sent something unreadable.
            @Test func aServerWithoutTheCollectionSaysSoForItsList() async throws {
                let (stack, live, folder) = try await Self.stack(serving: DemoSeed.collections.filter { $0.name != "\(collection)" })
                defer { withExtendedLifetime(folder) {} }
                let repository = \(name)RepositoryImpl(stack: stack, api: live.client)
                await #expect(throws: \(name)Error.notOnServer) { try await repository.\(lowerPlural)(policy: .networkFirst) }
            }

            /// What the server answers becomes the error the user reads: a refusal is not a missing
            /// connection, and a right the user lacks is not a sign-in.
            @Test(
                "Server faults become Domain errors",
                arguments: [
                    (401, \(name)Error.unauthorized), (403, .forbidden), (400, .rejected), (409, .rejected), (422, .rejected),
                ])
            func faultsMapToDomainErrors(status: Int, error: \(name)Error) async throws {
                let (stack, live, folder) = try await Self.stack(serving: DemoSeed.collections)
                defer { withExtendedLifetime(folder) {} }
                let repository = \(name)RepositoryImpl(stack: stack, api: live.client)
                await live.backend.injectStatus(status, count: 1)
                await #expect(throws: error) { try await repository.\(lower)(id: try \(name)Rules.id(1), policy: .remoteOnly) }
            }

            @Test(arguments: Implementation.allCases)
            func anUnknownIdentifierIsNotFound(_ implementation: Implementation) async throws {
                let (repository, keepAlive) = try await implementation.make()
                defer { withExtendedLifetime(keepAlive) {} }
                let unknown = try \(name)Rules.id(99)
                await #expect(throws: \(name)Error.notFound(id: unknown)) {
                    try await repository.\(lower)(id: unknown, policy: .remoteOnly)
                }
            }

            @Test func theMigrationMakesTheTableAndARowKeepsEveryField() async throws {
                let folder = try ScratchFolder()
                let database = try AppDatabase.open(at: folder.url.appendingPathComponent("app.sqlite"))
                let columns = try database.read { db in try db.columns(in: "\(table)").map(\\.name) }
                #expect(columns == [\((["id"] + fields.map(\.snakeName) + ["created_at", "updated_at", "version"]).map { "\"\($0)\"" }.joined(separator: ", "))])
                var item = try #require(\(name).ID.device(1).map { \(sampleDraft(.first)).\(lower)(id: $0, at: Date(timeIntervalSince1970: 1_767_258_000.5)) })
                item.updatedAt = Date(timeIntervalSince1970: 1_767_258_090.25)
                item.syncState = .synced  // a row keeps no sync state: the device marks an item as it reads it
                let store = RecordStore<\(name)Record>(database: database)
                try await store.persist(item, for: item.id, metadata: CacheMetadata(fetchedAt: Date()))
                #expect(try await store.find(item.id)?.value == item)
            }
        }

        """
    }

    private func viewModelTests() -> String {
        // `--remove` writes every file's text from a spec without fields, to name the files.
        let firstField = fields.first?.name ?? "name"
        return """
        \(isSearchable ? "import Clocks\n" : "")import Domain
        import Foundation
        import Presentation
        import TestSupport
        import Testing

        @Suite("\(name) view models")
        struct \(name)ViewModelTests {
            /// What the editors read a save's conflict with: the fake's saves never meet one.
            let noConflicts = FindConflictUseCase(repository: FakeSyncRepository())

            func stored() throws -> [\(name)] {
                [\(sampleDraft(.first)).\(lower)(id: try \(name)Rules.id(1), at: Date(timeIntervalSince1970: 0))]
            }

            @Test func theListLoadsWhatTheRepositoryHas() async throws {
                let items = try stored()
                let viewModel = \(name)ListViewModel(list\(plural): List\(plural)UseCase(repository: Fake\(name)Repository(\(lowerPlural): items)))
                let tester = ViewModelTester(viewModel)
                viewModel.onAppear()
                await tester.expect(.loading, .loaded(items: items, provenance: .disk))
                await tester.finish()
                #expect(viewModel.traceName == "\(name)ListViewModel")
            }

            @Test func anEmptyListSaysSo() async {
                let viewModel = \(name)ListViewModel(list\(plural): List\(plural)UseCase(repository: Fake\(name)Repository()))
                let tester = ViewModelTester(viewModel)
                viewModel.onAppear()
                await tester.expect(.loading, .empty)
                await tester.finish()
            }

            @Test func aFailedListShowsTheMessage() async {
                let repository = Fake\(name)Repository()
                await repository.setFailure(.unavailable)
                let viewModel = \(name)ListViewModel(list\(plural): List\(plural)UseCase(repository: repository))
                let tester = ViewModelTester(viewModel)
                viewModel.onAppear()
                await tester.expect(
                    .loading, .failed(ViewFailure(message: "The server can't be reached; try again later", remedy: .retry, field: nil)))
                await tester.finish()
            }

            @Test func anImportSavesEveryDraftThenFinishesAndAFailedSaveSaysWhichRecords() async {
                let repository = Fake\(name)Repository()
                let viewModel = \(name)ImportViewModel(import\(plural): Import\(plural)UseCase(repository: repository))
                let tester = ViewModelTester(viewModel)
                viewModel.start([\(sampleDraft(.first)), \(sampleDraft(.second))])
                await tester.expect(.importing(done: 0, total: 2), .importing(done: 2, total: 2), .finished(imported: 2))
                await tester.finish()
                #expect(await repository.stored.count == 2)
                #expect(await repository.sends == 1)
                #expect(viewModel.traceName == "\(name)ImportViewModel")

                await repository.setFailure(.unavailable)
                let failing = \(name)ImportViewModel(import\(plural): Import\(plural)UseCase(repository: repository))
                let failingTester = ViewModelTester(failing)
                failing.start([\(sampleDraft(.first))])
                await failingTester.expect(
                    .importing(done: 0, total: 1),
                    .failed(imported: 0, total: 1, failure: ViewFailure(message: "record 1: The server can't be reached; try again later", remedy: .retry, field: nil)))
                await failingTester.finish()
            }

            @Test func pagesAreReadOneAtATimeUntilTheEnd() async throws {
                let first = \(sampleDraft(.first)).\(lower)(id: try \(name)Rules.id(1), at: Date(timeIntervalSince1970: 0))
                let second = \(sampleDraft(.second)).\(lower)(id: try \(name)Rules.id(2), at: Date(timeIntervalSince1970: 60))
                let viewModel = \(name)PagesViewModel(
                    list\(plural): List\(plural)UseCase(repository: Fake\(name)Repository(\(lowerPlural): [first, second])), pageSize: 1)
                let tester = ViewModelTester(viewModel)
                viewModel.load()
                await tester.expect(.loading, .loaded(items: [second], provenance: .disk))
                viewModel.loadMore()
                await tester.expect(.loadingMore(items: [second], provenance: .disk), .endReached(items: [second, first], provenance: .disk))
                #expect(viewModel.loadMore() == nil, "nothing after the end")
                await tester.finish()
                #expect(viewModel.traceName == "\(name)PagesViewModel")
            }

            @Test func theDetailLoadsOneAndSaysWhenItIsMissing() async throws {
                let items = try stored()
                let repository = Fake\(name)Repository(\(lowerPlural): items)
                let found = \(name)DetailViewModel(id: try \(name)Rules.id(1), fetch\(name): Fetch\(name)UseCase(repository: repository))
                let foundTester = ViewModelTester(found)
                found.onAppear()
                await foundTester.expect(.loading, .loaded(items[0], provenance: .disk))
                await foundTester.finish()
                let missing = \(name)DetailViewModel(id: try \(name)Rules.id(9), fetch\(name): Fetch\(name)UseCase(repository: repository))
                let missingTester = ViewModelTester(missing)
                missing.onAppear()
                await missingTester.expect(
                    .loading, .failed(ViewFailure(message: "\(name) 9 was not found", remedy: .pickAnother, field: nil)))
                await missingTester.finish()
            }

            @Test func theEditorCreatesChangesAndKeepsADraftItCouldNotSave() async throws {
                let repository = Fake\(name)Repository()
                let (create, update) = (Create\(name)UseCase(repository: repository), Update\(name)UseCase(repository: repository))
                let first = \(sampleDraft(.first))
                let new = \(name)EditorViewModel(editing: nil, draft: first, create\(name): create, update\(name): update, findConflict: noConflicts)
                let newTester = ViewModelTester(new)
                await new.save()?.value
                let created = try #require(await repository.stored.values.first)
                await newTester.expect(.saving(first), .saved(created))
                await newTester.finish()
                #expect(new.traceName == "\(name)EditorViewModel")

                let editor = \(name)EditorViewModel(editing: created, draft: \(name)Draft(created), create\(name): create, update\(name): update, findConflict: noConflicts)
                let tester = ViewModelTester(editor)
                let second = \(sampleDraft(.second))
                editor.edit { $0 = second }
                await editor.save()?.value
                let changed = try #require(await repository.stored[created.id])
                #expect(\(name)Draft(changed) == second)
                await repository.setFailure(.unavailable)
                editor.edit { $0 = first }
                await editor.save()?.value
                await tester.expect(
                    .dirty(second), .saving(second), .saved(changed), .dirty(first), .saving(first),
                    .failed(first, failure: ViewFailure(message: "The server can't be reached; try again later", remedy: .retry, field: nil)))
                await tester.finish()
            }
        \(refusedFieldEditorTest)

            @Test func aNewerVersionKeepsTheFieldTypedAndBringsTheOthersSoASaveUndoesNothing() async throws {
                let repository = Fake\(name)Repository()
                let (create, update) = (Create\(name)UseCase(repository: repository), Update\(name)UseCase(repository: repository))
                let (first, second) = (\(sampleDraft(.first)), \(sampleDraft(.second)))
                let created = try await create.execute(first).get()
                let editor = \(name)EditorViewModel(editing: created, draft: first, create\(name): create, update\(name): update, findConflict: noConflicts)
                let tester = ViewModelTester(editor)
                var typed = first
                typed.\(firstField) = second.\(firstField)
                editor.edit { $0 = typed }
                // Another device changed every other field and the server's copy reached this one.
                var theirs = second.applied(to: created)
                theirs.\(firstField) = created.\(firstField)
                _ = try await update.execute(theirs).get()
                let newer = try #require(await repository.stored[created.id])
                editor.receive(newer)
                await editor.save()?.value
                let saved = try #require(await repository.stored[created.id])
                #expect(\(name)Draft(saved) == second, "the typed field and the other device's fields")
                await tester.expect(.dirty(typed), \(fields.count > 1 ? ".dirty(second), " : "").saving(second), .saved(saved))
                await tester.finish()
            }
        \(isSearchable ? searchViewModelTest : "")}

        """
    }

    /// The search view model's test, when the feature has a search: it waits for typing to pause.
    private var searchViewModelTest: String {
        let word = searchable[0].searchWord
        return """

                @Test func theSearchWaitsForTypingToPauseThenShowsTheMatches() async throws {
                    let items = try stored()
                    let clock = TestClock()
                    let viewModel = \(name)SearchViewModel(
                        search\(plural): Search\(plural)UseCase(repository: Fake\(name)Repository(\(lowerPlural): items)), clock: clock,
                        policy: .cacheFirst)
                    let tester = ViewModelTester(viewModel)
                    viewModel.type("\(word)")
                    await clock.advanceAndSettle(by: .milliseconds(299))
                    #expect(viewModel.state == .idle)
                    await clock.advanceAndSettle(by: .milliseconds(1))
                    await tester.expect(.searching(query: "\(word)"), .results(query: "\(word)", items: items, provenance: .disk))
                    await tester.finish()
                    #expect(viewModel.traceName == "\(name)SearchViewModel")
                }

            """
    }

    private func commandTests() -> String {
        let edited = editedField
        let typedNew = fields.map { $0.typed(.first) }.joined(separator: " ")
        return """
            import Foundation
            import TestSupport
            import Testing

            /// The `\(lower)` commands as a user runs them: in the real binary, against its embedded
            /// server, through an offline edit and a sync.
            @Suite("\(name) commands, as a process")
            nonisolated struct \(name)CommandTests {
                let repl = ReplProcess.built()

                @Test func anOfflineEditReachesTheServerOnSync() async throws {
                    let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(lower)-\\(UUID().uuidString)")
                    defer { ReplProcess.removeHome(home) }
                    let lines = [
                        "trace on", #"\(lower) new \(typedNew)"#, "\(lower) list", "\(lower) show 1", "server down",
                        #"\(lower) edit 1 \(edited.typed(.second))"#, "trace off", "server up", "sync", "format json",
                        "\(lower) show 1 --policy remote-only",
                    ]
                    let run = try await repl.run(lines: lines, arguments: ["--home", home.path])
                    #expect(run.status == 0, "\\(run.stderr)")
                    // Both writes go through the feature's editor view model, as the documents' do
                    #expect(run.stdout.contains("[\(name)EditorViewModel] clean → saving\\n[\(name)EditorViewModel] saving → saved(version 1)\\n"))
                    // The offline edit says that it waits to be sent, as a document's does
                    #expect(run.stdout.contains("[\(name)EditorViewModel] dirty → saving\\n[\(name)EditorViewModel] saving → saved (pending sync)\\n"))
                    #expect(run.stdout.contains("\(name) 1\\n"))
                    #expect(run.stdout.contains("1 \(lower) ("))
                    let server = try #require(run.stdout.split(separator: "\\n").last.map(String.init))
                    #expect(server.contains(#""\(edited.name)":\(edited.jsonText(.second))"#), "\\(server)")
                    #expect(server.contains(#""origin":"network""#) && server.contains(#""version":2"#), "\\(server)")
                    #expect(server.contains(#""syncState":"synced""#), "\\(server)")

                    let deleted = try await repl.run(
                        lines: ["\(lower) delete 1", "\(lower) show 1 --policy remote-only"], arguments: ["--home", home.path])
                    #expect(deleted.stdout.contains("Deleted \(lower) 1."))
                    #expect(deleted.stderr.contains("\(name) 1 was not found"), "\\(deleted.stderr)")
                }

                /// A phone's and a laptop's arguments: two homes on one server's data, in a new folder.
                static func twoHomes() -> (folder: URL, phone: [String], laptop: [String]) {
                    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(lower)-\\(UUID().uuidString)")
                    let server = ["--server-data", folder.appendingPathComponent("server").path]
                    let home = { (name: String) in ["--home", folder.appendingPathComponent(name).path] + server }
                    return (folder, home("phone"), home("laptop"))
                }

                @Test func aDeleteOnOneDeviceRacingAnEditOnAnotherMeetsTheConflictPolicy() async throws {
                    let (folder, phone, laptop) = Self.twoHomes()
                    defer { try? FileManager.default.removeItem(at: folder) }
                    _ = try await repl.run(lines: [#"\(lower) new \(typedNew)"#], arguments: phone)
                    let offline = try await repl.run(lines: ["sync", "server down", "\(lower) delete 1"], arguments: laptop)
                    #expect(offline.status == 0, "\\(offline.stderr)")
                    _ = try await repl.run(lines: [#"\(lower) edit 1 \(edited.typed(.second))"#], arguments: phone)
            \(conflictCheck)
                }

                @Test func anEditOnOneDeviceMeetingADeleteFromAnotherMeetsTheConflictPolicy() async throws {
                    let (folder, phone, laptop) = Self.twoHomes()
                    defer { try? FileManager.default.removeItem(at: folder) }
                    _ = try await repl.run(lines: [#"\(lower) new \(typedNew)"#], arguments: laptop)
                    let offline = try await repl.run(
                        lines: ["sync", "server down", #"\(lower) edit 1 \(edited.typed(.second))"#], arguments: phone)
                    #expect(offline.status == 0, "\\(offline.stderr)")
                    _ = try await repl.run(lines: ["\(lower) delete 1"], arguments: laptop)
            \(deletedCheck)
                }\(conflicts == "manual" ? editsOnBothDevicesTest(typedNew) : "")

                /// `server edit` changes an item as another device's request would: its version moves on.
                @Test func aServerEditChangesAnItemAsAnotherDeviceWould() async throws {
                    let run = try await repl.run(lines: [
                        #"\(lower) new \(typedNew)"#,
                        #"server edit 1 --collection \(collection) --fields '{"\(edited.name)":\(edited.jsonText(.second))}'"#,
                        "format json", "\(lower) show 1 --policy remote-only",
                    ])
                    #expect(run.status == 0, "\\(run.stderr)")
                    #expect(run.stdout.contains("\(name) 1 was changed on the server."), "\\(run.stdout)")
                    #expect(run.stdout.contains(#""\(edited.name)":\(edited.jsonText(.second))"#), "\\(run.stdout)")
                    #expect(run.stdout.contains(#""version":2"#), "\\(run.stdout)")
                }

                @Test func itsListOpensInASceneAndFollowsAnEdit() async throws {
                    let run = try await repl.run(lines: [
                        #"\(lower) new \(typedNew)"#, #"\(lower) new \(typedNew)"#, "\(lower) list",
                        "scene open list --collection \(collection)", #"\(lower) edit 1 \(edited.typed(.second))"#,
                        "scene show", "format json", "scene show",
                    ])
                    #expect(run.status == 0, "\\(run.stderr)")
                    // The command's list and the scene's count the items by their own plural; the scene shows versions
                    #expect(run.stdout.components(separatedBy: "2 \(lowerPlural) (").count == 3, "\\(run.stdout)")
                    let scene = try #require(run.stdout.split(separator: "\\n").last.map(String.init))
                    #expect(scene.contains(#""\(edited.name)":"\(edited.shown(.second))""#), "\\(scene)")
                    #expect(scene.contains(#""version":"2""#), "\\(scene)")
                }

            \(sceneSearchTest)
                @Test func aLinkOpensItsListInTheWindowThatShowsIt() async throws {
                    let run = try await repl.run(lines: [
                        "scene open list --collection \(collection)", "open strata://\(collection)", "scene list",
                    ])
                    #expect(run.status == 0, "\\(run.stderr)")
                    // The link finds the window the command opened instead of opening a second one
                    #expect(run.stdout.hasSuffix("1 scene\\n"), "\\(run.stdout)")
                }

                @Test func aLinkOpensOneItemWhosePageFollowsAnEdit() async throws {
                    let run = try await repl.run(lines: [
                        #"\(lower) new \(typedNew)"#, "open strata://\(collection)/1", #"\(lower) edit 1 \(edited.typed(.second))"#,
                        "scene open item 1 --collection \(collection)", "scene list", "format json", "scene show",
                        "open strata://\(collection)/9",
                    ])
                    // The command finds the window the link opened: one window shows the item, titled by it
                    #expect(run.stdout.contains("foregroundActive  \(name) 1\\n1 scene\\n"), "\\(run.stdout)")
                    let scene = try #require(run.stdout.split(separator: "\\n").last.map(String.init))
                    #expect(scene.contains(#""\(edited.name)":"\(edited.shown(.second))""#), "\\(scene)")
                    #expect(scene.contains(#""id":"1""#) && scene.contains(#""version":"2""#), "\\(scene)")
                    #expect(scene.contains(#""syncState":"synced""#), "the page says the server has the edit: \\(scene)")
                    // A link to an item that is not there opens nothing and says why
                    #expect(run.stderr.contains("\(name) 9 was not found"), "\\(run.stderr)")
                }

                @Test func anEditorWindowKeepsItsUnsavedFieldAcrossARestartAndSavesIt() async throws {
                    let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(lower)-\\(UUID().uuidString)")
                    defer { ReplProcess.removeHome(home) }
                    let typed = try await repl.run(
                        lines: [
                            #"\(lower) new \(typedNew)"#, "scene open editor 1 --collection \(collection)",
                            "edit field \(edited.name) \(edited.shown(.second))", "edit field bogus 1",\(refusedInWindow.lines)
                        ], arguments: ["--home", home.path])
                    #expect(typed.stderr.contains("unknown field 'bogus' (expected \(fields.map(\.name).joined(separator: ", ")))"), "\\(typed.stderr)")\(refusedInWindow.check)
                    // The app quits with the field unsaved; the next launch restores the window with it
                    let saved = try await repl.run(
                        lines: [
                            "scene list", "scene activate s1", "format json", "scene show", "save", "\(lower) show 1",
                        ], arguments: ["--home", home.path])
                    #expect(saved.status == 0, "\\(saved.stderr)")
                    #expect(saved.stdout.contains("Edit \(lower) 1 (unsaved draft)"), "\\(saved.stdout)")
                    #expect(saved.stdout.contains(#"{"changed":true,"name":"\(edited.name)","text":"\(edited.shown(.second))"}"#), "\\(saved.stdout)")
                    #expect(saved.stdout.contains(#""state":"saved","unsaved":false}"#), "\\(saved.stdout)")
                    let shown = try #require(saved.stdout.split(separator: "\\n").last.map(String.init))
                    #expect(shown.contains(#""\(edited.name)":\(edited.jsonText(.second))"#), "\\(shown)")
                    #expect(shown.contains(#""version":2"#), "\\(shown)")
                }
            \(clearingTest(typedNew))\(refusedFieldWindowTest(typedNew))
                @Test func anExported\(name)ImportsOnAnotherDeviceWithEveryFieldAndABadFileImportsNothing() async throws {
                    let (folder, phone, laptop) = Self.twoHomes()
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let exported = try await repl.run(
                        lines: [#"\(lower) new \(typedNew)"#, "\(lower) export 1", "format json", "\(lower) show 1"], arguments: phone)
                    #expect(exported.status == 0, "\\(exported.stderr)")
                    let path = try #require(exported.stdout.split(separator: "\\n").first { $0.hasPrefix("Documents/") }.map(String.init))
                    let file = folder.appendingPathComponent("phone").appendingPathComponent(path)
                    let bad = folder.appendingPathComponent("bad.jsonl")
                    try Data(#"{"bogus": 1}"#.utf8).write(to: bad)\(mixedUp.write)
                    let imported = try await repl.run(
                        lines: [
                            #"\(lower) import "\\#(bad.path)""#,\(mixedUp.line) #"\(lower) import "\\#(file.path)""#, "\(lower) list --policy remote-only",
                            "format json", "\(lower) show 2 --policy remote-only",
                        ], arguments: laptop)
                    // A bad file is refused in one line naming the member, and the run goes on
                    #expect(imported.stderr.split(separator: "\\n").count == \(mixedUp.write.isEmpty ? 1 : 2), "\\(imported.stderr)")
                    #expect(imported.stderr.contains(#"line 1: unknown field "bogus" (\(article) \(lower) has "#), "\\(imported.stderr)")\(mixedUp.check)
                    #expect(imported.stdout.contains("Imported 1 \(lower).") && imported.stdout.contains("2 \(lowerPlural) ("), "\\(imported.stdout)")
                    // The copy on the server has every field the exported \(lower) has, each with its value
                    #expect(try Self.fields(imported.stdout) == Self.fields(exported.stdout))
                }

                /// The fields of the item in the last line's JSON, as sorted JSON.
                static func fields(_ stdout: String) throws -> String {
                    let line = try #require(stdout.split(separator: "\\n").last)
                    let item = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                    let fields = item.filter { [\(fields.map { "\"\($0.name)\"" }.joined(separator: ", "))].contains($0.key) }
                    #expect(fields.count == \(fields.count), "\\(item)")
                    return String(decoding: try JSONSerialization.data(withJSONObject: fields, options: .sortedKeys), as: UTF8.self)
                }

                @Test func badInputGetsOneLineAndChangesNothing() async throws {
                    let run = try await repl.run(
                        lines: ["\(lower) show 0", "\(lower) new", "\(lower) edit 1", "outbox list"])
                    let errors = run.stderr.split(separator: "\\n")
                    #expect(errors.contains { $0.contains("Invalid \(lower) id 0") }, "\\(run.stderr)")
            \(missingCheck)
                    #expect(errors.contains { $0.contains("\(name) 1 was not found") }, "\\(run.stderr)")
                }

                @Test func theUsageOfNewShowsTheFieldsItNeedsAndEditsNeedNone() async throws {
                    let run = try await repl.run(lines: ["help \(lower) new", "help \(lower) edit"])
                    let lines = run.stdout.split(separator: "\\n")
                    let new = try #require(lines.first { $0.hasPrefix("usage: \(lower) new ") }, "\\(run.stdout)")
                    let edit = try #require(lines.first { $0.hasPrefix("usage: \(lower) edit ") }, "\\(run.stdout)")
                    let required: [String] = [\(fields.filter(\.isRequiredOnNew).map { "\"\($0.flag)\"" }.joined(separator: ", "))]
                    let optional: [String] = [\(fields.filter { !$0.isRequiredOnNew }.map { "\"\($0.flag)\"" }.joined(separator: ", "))]
                    for flag in required { #expect(new.contains(" \\(flag) ") && !new.contains("[\\(flag) "), "\\(new)") }
                    for flag in optional { #expect(new.contains("[\\(flag) "), "\\(new)") }
                    for flag in [\(fields.map { "\"\($0.flag)\"" }.joined(separator: ", "))] { #expect(edit.contains("[\\(flag) "), "\\(edit)") }
                }
            }

            """
    }
}

extension FeatureSpec {
    /// A second bad file for the import test, when the feature has a text field: a number given
    /// for it, which is refused rather than taken as text. Nothing without a text field.
    fileprivate var mixedUp: (write: String, line: String, check: String) {
        guard let text = fields.first(where: { $0.type == .string || $0.type == .optionalString }) else {
            return ("", "", "")
        }
        return (
            """

                    let mixed = folder.appendingPathComponent("mixed.jsonl")
                    try Data(#"{"\(text.name)": 5}"#.utf8).write(to: mixed)
            """,
            ##" #"\##(lower) import "\#(mixed.path)""#,"##,
            """

                    #expect(imported.stderr.contains("line 1: \(text.name) needs text, not 5"), "\\(imported.stderr)")
            """
        )
    }

    /// A test that `edit` with an empty value clears every optional field, on the server too;
    /// nothing for a feature without one.
    fileprivate func clearingTest(_ typedNew: String) -> String {
        let optional = fields.filter(\.isOptional)
        guard !optional.isEmpty else { return "" }
        let cleared = optional.map { "\($0.flag) \"\"" }.joined(separator: " ")
        // The JSON says `null` for an empty field, as the export file does, never leaves it out.
        let emptied = optional.map { "shown.contains(#\"\"\($0.name)\":null\"#)" }.joined(separator: " && ")
        return """

                @Test func anEmptyValueClearsAnOptionalFieldOnTheServerToo() async throws {
                    let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(lower)-\\(UUID().uuidString)")
                    defer { ReplProcess.removeHome(home) }
                    let run = try await repl.run(
                        lines: [#"\(lower) new \(typedNew)"#, #"\(lower) edit 1 \(cleared)"#, "format json", "\(lower) show 1 --policy remote-only"],
                        arguments: ["--home", home.path])
                    #expect(run.status == 0, "\\(run.stderr)")
                    let shown = try #require(run.stdout.split(separator: "\\n").last.map(String.init))
                    #expect(\(emptied), "\\(shown)")
                    #expect(shown.contains(#""version":2"#), "\\(shown)")
                }

        """
    }

    /// An editor window whose save a rule refuses names the field under its state, as the
    /// documents' window does; nothing for a feature without a required text field.
    fileprivate func refusedFieldWindowTest(_ typedNew: String) -> String {
        guard let text = fields.first(where: { $0.type == .string }) else { return "" }
        return """

                @Test func anEditorWindowWhoseSaveARuleRefusesNamesTheField() async throws {
                    let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(lower)-\\(UUID().uuidString)")
                    defer { ReplProcess.removeHome(home) }
                    let run = try await repl.run(
                        lines: [
                            #"\(lower) new \(typedNew)"#, "scene open editor 1 --collection \(collection)",
                            #"edit field \(text.name) "   ""#, "save", "scene show", "format json", "scene show",
                        ], arguments: ["--home", home.path])
                    #expect(run.stderr.contains("The \(text.name) can't be empty"), "\\(run.stderr)")
                    let rows = run.stdout.split(separator: "\\n")
                    #expect(rows.contains { $0.hasPrefix("refused ") && $0.hasSuffix(" \(text.name)") }, "\\(run.stdout)")
                    #expect(run.stdout.contains(#""refusedField":"\(text.name)""#), "\\(run.stdout)")
                }

        """
    }

    /// The editor window's refusal of a value its field's reader cannot read, named by the field
    /// the user typed (not the flag it stands for); then the field typed back as it was. Nothing
    /// for a feature whose fields all take any text.
    fileprivate var refusedInWindow: (lines: String, check: String) {
        let readable: Set<FieldType> = [
            .int, .optionalInt, .double, .optionalDouble, .decimal, .optionalDecimal, .bool, .optionalBool, .enumeration,
            .optionalEnumeration, .date, .optionalDate,
        ]
        guard let field = fields.first(where: { readable.contains($0.type) }) else { return ("", "") }
        let edited = editedField
        let before = field.name == edited.name ? edited.shown(.second) : field.shown(.first)
        return (
            #" "edit field \#(field.name) soon", "save", "edit field \#(field.name) \#(before)","#,
            """

                    // A value the window cannot read is refused under the field's name
                    #expect(typed.stderr.contains("\(field.name) needs "), "\\(typed.stderr)")
                    #expect(!typed.stderr.contains("\(field.flag) needs"), "\\(typed.stderr)")
            """
        )
    }

    /// What the laptop's sync makes of its delete racing the phone's edit: under `manual` a conflict
    /// it lists and resolves (a deletion has nothing to merge); under any other policy one settled
    /// at once.
    fileprivate var conflictCheck: String {
        guard conflicts == "manual" else {
            return """
                        let synced = try await repl.run(lines: ["sync"], arguments: laptop)
                        #expect(synced.stdout.contains(" 1 settled by policy, 0 in conflict"), "\\(synced.stdout)")
                """
        }
        return """
                    let synced = try await repl.run(
                        lines: [
                            "sync", "format plain", "conflicts list", "format table",
                            "conflicts resolve 1 --keep merged --body both", "conflicts resolve 1 --keep remote",
                            "\(lower) show 1 --policy local-only",
                        ], arguments: laptop)
                    #expect(synced.stdout.contains(" 1 in conflict"), "\\(synced.stdout)")
                    #expect(synced.stdout.contains("1\\t\(collection)\\t1\\t(deleted)\\t"), "\\(synced.stdout)")
                    #expect(synced.stderr.contains("this device deletes the item; keep local or remote"), "\\(synced.stderr)")
                    #expect(synced.stdout.contains("Conflict 1 is resolved: the server's version is kept."))
                    #expect(synced.stdout.contains("\(name) 1\\n"), "\\(synced.stdout)")
            """
    }

    /// Under `manual`: two devices edit one item (made with `typedNew`), and the one whose edit meets
    /// the other's in conflict edits again; its editor names the version the server has, as a
    /// document's does.
    fileprivate func editsOnBothDevicesTest(_ typedNew: String) -> String {
        """


            @Test func anEditMeetingAnotherDevicesEditIsAConflictWhoseEditorNamesTheServersVersion() async throws {
                let (folder, phone, laptop) = Self.twoHomes()
                defer { try? FileManager.default.removeItem(at: folder) }
                _ = try await repl.run(lines: [#"\(lower) new \(typedNew)"#], arguments: phone)
                let offline = try await repl.run(
                    lines: ["sync", "server down", #"\(lower) edit 1 \(editedField.typed(.second))"#], arguments: laptop)
                #expect(offline.status == 0, "\\(offline.stderr)")
                _ = try await repl.run(lines: [#"\(lower) edit 1 \(editedField.typed(.second))"#], arguments: phone)
                let synced = try await repl.run(
                    lines: ["sync", #"\(lower) edit 1 \(editedField.typed(.first))"#, "conflicts show 1"], arguments: laptop)
                #expect(synced.stdout.contains(" 1 in conflict"), "\\(synced.stdout)")
                #expect(
                    synced.stderr.contains("saved on this device, but the server has version 2 (see 'conflicts list')"),
                    "\\(synced.stderr)")
                #expect(synced.stdout.contains("local (version 1):") && synced.stdout.contains("remote (version 2):"))
            }
        """
    }

    /// What the phone's sync makes of its edit meeting the laptop's delete: under `serverWins` the
    /// edit goes; under the others a conflict with the deletion, where keeping the edit creates the
    /// item again (`manual`) and keeping the deletion drops the edit (the others).
    fileprivate var deletedCheck: String {
        let edited = editedField
        switch conflicts {
        case "manual":
            return """
                        // An edit while in conflict is kept, and its editor says what the server has
                        let synced = try await repl.run(
                            lines: [
                                "sync", #"\(lower) edit 1 \(edited.typed(.first))"#, "conflicts resolve 1 --keep local", "format json",
                                "\(lower) show 2 --policy remote-only",
                            ], arguments: phone)
                        #expect(synced.stdout.contains(" 1 in conflict"), "\\(synced.stdout)")
                        #expect(
                            synced.stderr.contains("saved on this device, but the server deleted this \(lower) (see 'conflicts list')"),
                            "\\(synced.stderr)")
                        #expect(synced.stdout.contains("creates the item again, with a new ID"), "\\(synced.stdout)")
                        let again = try #require(synced.stdout.split(separator: "\\n").last.map(String.init))
                        #expect(again.contains(#""\(edited.name)":\(edited.jsonText(.first))"#), "\\(again)")
                """
        case "serverWins":
            return """
                        let synced = try await repl.run(lines: ["sync"], arguments: phone)
                        #expect(synced.stdout.contains(" 1 settled by policy, 0 in conflict, 0 parked"), "\\(synced.stdout)")
                """
        default:
            return """
                        let synced = try await repl.run(
                            lines: ["sync", "conflicts resolve 1 --keep remote", "outbox list"], arguments: phone)
                        #expect(synced.stdout.contains(" 1 in conflict"), "\\(synced.stdout)")
                        #expect(synced.stdout.contains("the item stays deleted, as on the server"), "\\(synced.stdout)")
                        #expect(synced.stdout.contains("The outbox is empty."), "\\(synced.stdout)")
                """
        }
    }

    /// A searched list in a scene, when the feature has a search; else the refusal to search one.
    fileprivate var sceneSearchTest: String {
        guard isSearchable else {
            return """
                    @Test func itsListCannotBeSearchedInAScene() async throws {
                        let run = try await repl.run(lines: ["scene open list --collection \(collection) --query x", "scene list"])
                        #expect(run.stderr.contains("\(lowerPlural) have no search"), "\\(run.stderr)")
                        #expect(run.stdout.hasSuffix("0 scenes\\n"), "\\(run.stdout)")
                    }

                """
        }
        let word = searchable[0].searchWord
        return """
                    @Test func itsSearchOpensInASceneAndALinkFindsThatWindow() async throws {
                        let run = try await repl.run(lines: [
                            #"\(lower) new \(fields.map { $0.typed(.first) }.joined(separator: " "))"#,
                            "scene open list --collection \(collection) --query \(word)", "open strata://\(collection)?query=zzz",
                            "open strata://\(collection)?query=\(word)", "scene list", "format json", "scene show",
                        ])
                        #expect(run.status == 0, "\\(run.stderr)")
                        // The link finds the window the command opened, and its query replaces the window's
                        #expect(run.stdout.contains("s1*  Default Configuration  foregroundActive  \(plural) matching \\"\(word)\\"\\n1 scene\\n"), "\\(run.stdout)")
                        let scene = try #require(run.stdout.split(separator: "\\n").last.map(String.init))
                        #expect(scene.contains(#""id":"1""#), "\\(scene)")
                    }

                """
    }

    /// The check that `new` without its required flags is refused, when the feature has any.
    fileprivate var missingCheck: String {
        guard let required = fields.first(where: { [.string, .int, .double, .decimal, .date, .enumeration].contains($0.type) }) else {
            return ""
        }
        return """
                    #expect(errors.contains { $0.contains("missing \(required.flag)") }, "\\(run.stderr)")
                    #expect(run.stdout.contains("The outbox is empty."))
            """
    }
}

extension FeatureSpec.Field {
    /// A sample value as the shell's JSON writes it.
    func jsonText(_ sample: Sample) -> String {
        switch type {
        case .string, .optionalString, .date, .optionalDate, .enumeration, .optionalEnumeration: "\"\(shown(sample))\""
        case .strings: "[" + words(sample).map { "\"\($0)\"" }.joined(separator: ",") + "]"
        default: shown(sample)
        }
    }
}

extension FeatureSpec {
    /// The search use case's test, when the feature has a search.
    fileprivate var searchUseCaseTest: String {
        """
            @Test func aBlankSearchIsRefusedAndOneFindsTheWordsBeginnings() async throws {
                let created = try await Create\(name)UseCase(repository: repository).execute(\(sampleDraft(.first))).get()
                let search = Search\(plural)UseCase(repository: repository)
                #expect(await search.execute(query: " \\n ") == .failure(.invalid(SearchWords.Refusal.empty.message)))
                #expect(try await search.execute(query: "\(searchable[0].searchWord)").get().value == [created])
            }

        """
    }

    /// The contract test of the search, when the feature has one.
    fileprivate var searchContractTest: String {
        """
            @Test(arguments: Implementation.allCases)
            func aSearchFindsTheWordsBeginningsIgnoringCase(_ implementation: Implementation) async throws {
                let (repository, keepAlive) = try await implementation.make()
                defer { withExtendedLifetime(keepAlive) {} }
                let created = try await repository.create(\(sampleDraft(.first)))
                let word = "\(searchable[0].searchWord.uppercased())"
                #expect(try await repository.search(word, words: [word], policy: .localOnly).value.map(\\.id) == [created.id])
                #expect(try await repository.search("zzz", words: ["zzz"], policy: .localOnly).value.isEmpty)
                await #expect(throws: \(name)Error.invalid(SearchWords.Refusal.noWordsOnDevice.message)) {
                    try await repository.search("-", words: [], policy: .localOnly)
                }
            }

        """
    }
}

extension FeatureSpec {
    /// The use case tests of the first whole-number, exact decimal and `Double` fields with a range:
    /// a value outside it is refused with the sentence that writes the bounds as `--range` did.
    /// A decimal's value is above the range by less than a `Double` tells apart, so the rule's
    /// bound must be exact.
    fileprivate var rangeTest: String {
        var tests: [String] = []
        if let field = fields.first(where: { $0.range != nil && $0.type == .int }), let range = field.range {
            let outside = range.upperBound < .max ? range.upperBound + 1 : range.lowerBound - 1
            tests.append(refusalTest(field, "OutsideItsRangeIsRefusedAndNothingIsSaved", value: "\(outside)"))
        }
        if let field = fields.first(where: { $0.numberBounds != nil && $0.type == .decimal }),
            let high = field.numberBounds?.upperBound
        {
            let above = Field.source(of: high + Field.finestStep(at: high))
            tests.append(refusalTest(field, "JustAboveItsRangeIsRefusedAndNothingIsSaved", value: above))
        }
        if let field = fields.first(where: { [.double, .optionalDouble].contains($0.type) && $0.numberBounds != nil }),
            let high = field.numberBounds?.upperBound
        {
            tests.append(refusalTest(field, "OutsideItsRangeIsRefusedInTheBoundsAsWritten", value: "\(high + 1)"))
        }
        return tests.joined()
    }

    /// A use case test that `field` holding `value` (Swift source) is refused by its range.
    private func refusalTest(_ field: Field, _ test: String, value: String) -> String {
        let (low, high) = field.rangeBounds ?? ("", "")
        return """
                @Test func \(field.name)\(test)() async {
                    var draft = \(sampleDraft(.first))
                    draft.\(field.name) = \(value)
                    let result = await Create\(name)UseCase(repository: repository).execute(draft)
                    #expect(result == .failure(.invalidField(name: "\(field.name)", reason: "The \(field.name) must be from \(low) to \(high)")))
                    #expect(await repository.stored.isEmpty)
                }

            """
    }
}
