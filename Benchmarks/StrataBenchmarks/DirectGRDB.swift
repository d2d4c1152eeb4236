import Domain
import Foundation
import GRDB

/// The baseline a hand-written GRDB read sets: a cached statement in `DatabasePool.read`, decoded
/// by column index, as an app without the data source would write it.
enum DirectGRDB {
    /// The median latency of reading document `id` that way, in nanoseconds.
    static func latencyOfLookup(path: String, id: Int) async throws -> Measure.Latency {
        let pool = try DatabasePool(path: path)
        let arguments: StatementArguments = ["document:\(id)", id]
        return try await Measure.latency {
            _ = try pool.read { db -> (Int, String)? in
                guard let row = try Row.fetchOne(db.cachedStatement(sql: Workload.selectSQL), arguments: arguments)
                else { return nil }
                return (row["id"], row["title"])
            }
        }
    }
}
