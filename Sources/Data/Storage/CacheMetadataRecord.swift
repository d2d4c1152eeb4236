import Foundation
import GRDB

/// A row of `cache_metadata`: when the server last confirmed a cached value, and its validators.
///
/// Keys are `NAMESPACE:KEY` (`document:1`, `user:2`, `documents:all`), so one table serves every
/// cached type.
struct CacheMetadataRecord: Codable, FetchableRecord, PersistableRecord, ColumnEncodable, Sendable {
    static let databaseTableName = "cache_metadata"

    /// `NAMESPACE:KEY`.
    var key: String
    /// When the server last sent or confirmed the value, in seconds since 1970.
    var fetchedAt: Double
    /// The server's entity tag, exactly as it sent it.
    var etag: String?
    /// `Cache-Control: max-age` in seconds; `nil` uses the type's time to live.
    var maxAge: Double?

    enum CodingKeys: String, CodingKey {
        case key
        case fetchedAt = "fetched_at"
        case etag
        case maxAge = "max_age"
    }

    /// The table's columns.
    enum Columns {
        static let key = Column(CodingKeys.key)
        static let fetchedAt = Column(CodingKeys.fetchedAt)
        static let etag = Column(CodingKeys.etag)
        static let maxAge = Column(CodingKeys.maxAge)
    }

    /// The row for `metadata` under `key`.
    init(key: String, metadata: CacheMetadata) {
        self.key = key
        fetchedAt = metadata.fetchedAt.timeIntervalSince1970
        etag = metadata.etag
        maxAge = metadata.maxAge
    }

    func encodeColumns(into container: inout some ColumnEncoding) {
        container[Columns.key] = key
        container[Columns.fetchedAt] = fetchedAt
        container[Columns.etag] = etag
        container[Columns.maxAge] = maxAge
    }

    /// The names this table's columns take in a join: a leading underscore, which no record's
    /// own column has, so an item's column of the same name (a field called `etag`) hides none.
    enum Joined {
        static let fetchedAt = Column("_fetched_at")
        static let etag = Column("_etag")
        static let maxAge = Column("_max_age")
    }

    /// The select list that joins this table as `alias` (`m.fetched_at AS _fetched_at, …`).
    static func joinedColumns(as alias: String) -> String {
        [(Columns.fetchedAt, Joined.fetchedAt), (Columns.etag, Joined.etag), (Columns.maxAge, Joined.maxAge)]
            .map { "\(alias).\($0.name) AS \($1.name)" }.joined(separator: ", ")
    }

    /// The metadata columns of a row that joined this table with ``joinedColumns(as:)`` (no row:
    /// fetched at the epoch, so the value counts as stale and is revalidated).
    static func metadata(joinedIn row: some ColumnDecoding) throws -> CacheMetadata {
        let fetchedAt: Double? = try row(Joined.fetchedAt)
        return CacheMetadata(
            fetchedAt: Date(timeIntervalSince1970: fetchedAt ?? 0), etag: try row(Joined.etag),
            maxAge: try row(Joined.maxAge))
    }
}
