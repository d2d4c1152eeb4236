public import Domain
public import Foundation

/// The Data layer, wired: the one place that builds the sync engine, the collections' stores and
/// the repositories, for the app, the tests and the benchmarks alike.
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
        /// Every collection's lists and searches.
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
        /// Outbox entries per batch when pushing: by default the most a batch may carry
        /// (Docs/openapi.yaml), since each batch is a round trip and a transaction (ADR 0058).
        public var pushBatchSize: Int
        /// About the most bytes of JSON one push batch carries (ADRs 0040, 0058): what bounds a
        /// batch of large documents.
        public var pushBatchBytes: Int
        /// The caches whose memory tier is emptied when the app enters the background (the
        /// rest keep theirs for a quick return): lists, users and features by default, whose
        /// entries are cheap to read again from disk; documents stay for the scenes that show them.
        public var evacuatedInBackground: Set<CacheName> = [.lists, .users, .features]

        /// The app's settings: documents 5 minutes, lists 1 minute, users an hour.
        public init(
            documentsTimeToLive: TimeInterval = 300, listsTimeToLive: TimeInterval = 60,
            usersTimeToLive: TimeInterval = 3600, memoryLimits: MemoryCacheLimits = .forContext(.mainApp),
            pullPageSize: Int = 2_000, pushBatchSize: Int = 1_000, pushBatchBytes: Int = 256 * 1_024
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
    /// User profiles.
    public let users: any CachedReading<User.ID, User>
    /// Sends the outbox and pulls the server's changes, for every collection.
    public let sync: SyncEngine
    /// Documents, for the Domain's use cases.
    public let documentRepository: DocumentRepositoryImpl
    /// User profiles, for the Domain's use cases.
    public let userRepository: UserRepositoryImpl
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
        self.database = database
        self.monitor = monitor
        self.now = now
        self.configuration = configuration
        users = CacheBackedDataSource(
            local: database.userStore(), remote: api.userStore(),
            configuration: .init(
                timeToLive: configuration.usersTimeToLive, memoryLimits: configuration.memoryLimits,
                cost: { 64 + $0.name.utf8.count + $0.email.utf8.count + $0.bio.utf8.count }),
            now: now)
        sync = SyncEngine(
            database: database, monitor: monitor, now: now, pageSize: configuration.pullPageSize,
            batchSize: configuration.pushBatchSize, batchBytes: configuration.pushBatchBytes)
        userRepository = UserRepositoryImpl(users: users)
        documentRepository = DocumentRepositoryImpl(
            store: FeatureStore(
                database: database, api: api, sync: sync, now: now, configuration: configuration,
                timeToLive: configuration.documentsTimeToLive))
    }

    /// Every data source's counters and sizes, added up.
    public func statistics() async -> DataSourceStatistics {
        var total = await users.statistics()
        for collection in sync.collections { total = total + (await collection.statistics()) }
        return total
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

    /// Empties the on-device tier of every data source; this device's unsent versions stay.
    public func clearLocal() async throws(DataSourceError) {
        for collection in sync.collections { try await collection.clearLocal() }
        try await users.clearLocal()
    }
}

// MARK: - Private

extension DataStack {
    /// Empties the memory tiers of `caches`; returns the bytes they held.
    private func evacuateMemory(of caches: Set<CacheName>) -> Int {
        var bytes = caches.contains(.users) ? users.evacuateMemory() : 0
        for collection in sync.collections {
            let items = collection.collection == DocumentResource.collection ? CacheName.documents : .features
            bytes += collection.evacuateMemory(items: caches.contains(items), lists: caches.contains(.lists))
        }
        return bytes
    }
}
