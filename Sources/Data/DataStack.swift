public import Domain
public import Foundation

/// The Data layer, wired: the one place that builds the data sources, the outbox, the sync engine
/// and the repositories, for the app, the tests and the benchmarks alike.
///
/// ```swift
/// let stack = DataStack(database: database, api: client, monitor: monitor, now: { Date() })
/// let list = ListDocumentsUseCase(repository: stack.documentRepository)
/// ```
public struct DataStack: Sendable {
    /// The stack's caches, to mark which are evacuated in the background.
    public enum CacheName: String, Sendable, CaseIterable {
        /// Documents by id.
        case documents
        /// Lists and searches.
        case lists
        /// User profiles.
        case users
        /// The generated features' items.
        case features
    }

    /// How long each kind of data stays fresh without `max-age`, and the memory tier's limits.
    public struct Configuration: Sendable {
        /// Documents by id.
        public var documentsTimeToLive: TimeInterval
        /// Lists and searches.
        public var listsTimeToLive: TimeInterval
        /// User profiles.
        public var usersTimeToLive: TimeInterval
        /// The memory tier of each data source.
        public var memoryLimits: MemoryCacheLimits
        /// Changes per page when pulling.
        public var pullPageSize: Int
        /// Outbox entries per batch when pushing.
        public var pushBatchSize: Int
        /// About the most bytes of JSON one push batch carries (ADR 0040).
        public var pushBatchBytes: Int
        /// The caches whose memory tier is emptied when the app enters the background (the
        /// rest keep theirs for a quick return): lists, users and features by default, whose
        /// entries are cheap to read again from disk; documents stay for the scenes that show them.
        public var evacuatedInBackground: Set<CacheName> = [.lists, .users, .features]

        /// The app's settings: documents 5 minutes, lists 1 minute, users an hour.
        public init(
            documentsTimeToLive: TimeInterval = 300, listsTimeToLive: TimeInterval = 60,
            usersTimeToLive: TimeInterval = 3600, memoryLimits: MemoryCacheLimits = .forContext(.mainApp),
            pullPageSize: Int = 2_000, pushBatchSize: Int = 500, pushBatchBytes: Int = 60 * 1_024
        ) {
            self.documentsTimeToLive = documentsTimeToLive
            self.listsTimeToLive = listsTimeToLive
            self.usersTimeToLive = usersTimeToLive
            self.memoryLimits = memoryLimits
            self.pullPageSize = pullPageSize
            self.pushBatchSize = pushBatchSize
            self.pushBatchBytes = pushBatchBytes
        }
    }

    /// The database everything is stored in.
    public let database: AppDatabase
    /// What recent requests say about the server.
    public let monitor: NetworkMonitor
    /// Documents by id.
    public let documents: any CachedReading<Document.ID, Document>
    /// Lists and searches.
    public let lists: any CachedReading<DocumentListQuery, [DocumentSummary]>
    /// User profiles.
    public let users: any CachedReading<User.ID, User>
    /// Changes waiting to be sent.
    public let outbox: OutboxStore
    /// Sends the outbox and pulls the server's changes.
    public let sync: SyncEngine
    /// Documents, for the Domain's use cases.
    public let documentRepository: DocumentRepositoryImpl
    /// User profiles, for the Domain's use cases.
    public let userRepository: UserRepositoryImpl
    /// The features' queued changes, sent with every push.
    let resources: ResourcePusher
    /// The clock every store writes by.
    let now: @Sendable () -> Date
    /// The settings the stack was built with.
    let configuration: Configuration

    /// The limits of each data source's memory tier.
    public var memoryLimits: MemoryCacheLimits { configuration.memoryLimits }

    /// The stack over the API at `api`.
    public init(
        database: AppDatabase, api: APIClient, monitor: NetworkMonitor, now: @escaping @Sendable () -> Date,
        configuration: Configuration = Configuration()
    ) {
        self.init(
            database: database, documentsRemote: api.documentStore(), listsRemote: api.documentListStore(),
            usersRemote: api.userStore(), writer: HTTPDocumentWriter(client: api), pagesRemote: api.documentPageStore(),
            monitor: monitor, now: now, configuration: configuration)
    }

    /// The stack over any remote stores and writer (generated ones in benchmarks, fakes in tests).
    public init(
        database: AppDatabase, documentsRemote: some RemoteStore<Document.ID, Document>,
        listsRemote: some RemoteStore<DocumentListQuery, [DocumentSummary]>,
        usersRemote: some RemoteStore<User.ID, User>, writer: any DocumentWriterProtocol,
        pagesRemote: (any DocumentPageReading)? = nil, monitor: NetworkMonitor, now: @escaping @Sendable () -> Date,
        configuration: Configuration = Configuration()
    ) {
        self.database = database
        self.monitor = monitor
        let limits = configuration.memoryLimits
        documents = CacheBackedDataSource(
            local: database.documentStore(), remote: documentsRemote,
            configuration: .init(timeToLive: configuration.documentsTimeToLive, memoryLimits: limits, cost: Cost.of),
            now: now)
        lists = CacheBackedDataSource(
            local: database.documentListStore(), remote: listsRemote,
            configuration: .init(
                timeToLive: configuration.listsTimeToLive, memoryLimits: limits,
                cost: { $0.reduce(64) { $0 + Cost.of($1) } }),
            now: now)
        users = CacheBackedDataSource(
            local: database.userStore(), remote: usersRemote,
            configuration: .init(timeToLive: configuration.usersTimeToLive, memoryLimits: limits, cost: Cost.of),
            now: now)
        outbox = OutboxStore(database: database)
        resources = ResourcePusher(
            database: database, batchSize: configuration.pushBatchSize, batchBytes: configuration.pushBatchBytes)
        self.now = now
        self.configuration = configuration
        sync = SyncEngine(
            outbox: outbox, writer: writer, documents: documents, lists: lists, monitor: monitor, now: now,
            pageSize: configuration.pullPageSize, batchSize: configuration.pushBatchSize,
            batchBytes: configuration.pushBatchBytes, resources: resources)
        documentRepository = DocumentRepositoryImpl(
            documents: documents, lists: lists, outbox: outbox, sync: sync, pages: pagesRemote, now: now)
        userRepository = UserRepositoryImpl(users: users)
    }

    /// Every data source's counters and sizes, added up.
    public func statistics() async -> DataSourceStatistics {
        await documents.statistics() + lists.statistics() + users.statistics() + resources.statistics()
    }

    /// Empties the memory tier of every data source (the answer to a memory warning); returns
    /// the bytes they held.
    @discardableResult
    public func evacuateMemory() -> Int {
        evacuateMemory(of: Set(CacheName.allCases))
    }

    /// Empties the memory tiers marked in ``Configuration/evacuatedInBackground`` (the app
    /// entered the background); returns the bytes they held.
    @discardableResult
    public func evacuateForBackground() -> Int {
        evacuateMemory(of: configuration.evacuatedInBackground)
    }

    /// Empties the memory tiers of `caches`; returns the bytes they held.
    private func evacuateMemory(of caches: Set<CacheName>) -> Int {
        CacheName.allCases.filter(caches.contains).reduce(0) { total, cache in
            switch cache {
            case .documents: total + documents.evacuateMemory()
            case .lists: total + lists.evacuateMemory()
            case .users: total + users.evacuateMemory()
            case .features: total + resources.evacuateMemory()
            }
        }
    }

    /// Empties the on-device tier of every data source.
    public func clearLocal() async throws(DataSourceError) {
        try await documents.clearLocal()
        try await lists.clearLocal()
        try await users.clearLocal()
    }
}

// MARK: - Private

extension DataStack {
    /// Estimated sizes of cached values in bytes, for the memory tier's cost limit.
    private enum Cost {
        static func of(_ document: Document) -> Int {
            64 + document.title.utf8.count + document.body.utf8.count + document.tags.reduce(0) { $0 + $1.utf8.count }
        }

        static func of(_ summary: DocumentSummary) -> Int {
            48 + summary.title.utf8.count + summary.tags.reduce(0) { $0 + $1.utf8.count }
        }

        static func of(_ user: User) -> Int {
            64 + user.name.utf8.count + user.email.utf8.count + user.bio.utf8.count
        }
    }
}
