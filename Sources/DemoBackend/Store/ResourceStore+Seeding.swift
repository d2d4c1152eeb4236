import Foundation
import GRDB

extension ResourceStore {
    /// Writes the sample data into a store that never had any; a store with data keeps it.
    func seedIfNew(_ transaction: Transaction) throws {
        let db = transaction.db
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM sequence WHERE name = 'seeded'") == 0 else { return }
        try seed(transaction)
        try db.execute(sql: "INSERT INTO sequence (name, value) VALUES ('seeded', 1)")
    }

    /// Forgets every resource, change and stored answer and writes the sample data again, as a
    /// server that lost its data would come back: change numbers start over, but ids keep
    /// growing, so no id ever names two resources.
    func reset(_ transaction: Transaction) throws {
        try transaction.saveDraws()
        try transaction.db.execute(
            sql: "DELETE FROM resource; DELETE FROM idempotency; DELETE FROM sequence WHERE name LIKE 'version:%'")
        try seed(transaction)
    }

    private func seed(_ transaction: Transaction) throws {
        var lastID: [String: Int] = [:]
        for sample in DemoSeed.samples {
            guard let spec = collections[sample.collection] else { continue }
            let members = try spec.validatedNew(sample.fields).get()
            let id = lastID[spec.name, default: 0] + 1
            lastID[spec.name] = id
            let moment = DemoSeed.epoch.addingTimeInterval(sample.minutes * 60)
            _ = try write(
                spec, id: id, version: 1, members: members, createdAt: moment, updatedAt: moment, transaction)
        }
        try transaction.saveDraws()
        for (collection, id) in lastID {
            try transaction.db.execute(
                sql: """
                    INSERT INTO sequence (name, value) VALUES (?, ?)
                    ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)
                    """,
                arguments: [Self.idSequence(collection), id])
        }
    }
}
