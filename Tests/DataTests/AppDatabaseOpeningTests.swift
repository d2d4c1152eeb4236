import Domain
import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// Opening the database: a file that cannot be used is one clear error and is never touched.
@Suite("Opening the database")
struct AppDatabaseOpeningTests {
    let folder: ScratchFolder

    init() throws {
        folder = try ScratchFolder()
    }

    @Test func aFileThatIsNotSQLiteIsAClearError() throws {
        let url = folder.url.appendingPathComponent("garbage.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: url)
        #expect(throws: StorageError.self) { try AppDatabase.open(at: url) }
        do {
            _ = try AppDatabase.open(at: url)
        } catch {
            #expect(error.localizedDescription.contains("not a SQLite database"), "\(error.localizedDescription)")
        }
        #expect(try Data(contentsOf: url) == Data(repeating: 0x41, count: 4096), "the file is left untouched")
    }

    /// Users cached before a migration added a column hold its default, and a `304` would keep
    /// them so: the cache forgets them once, and keeps them across a launch with the same columns.
    @Test func cachedUsersAreForgottenOnceAfterTheirTableChanged() async throws {
        let url = folder.url.appendingPathComponent("app.sqlite")
        let user = FakeData.user(id: 1)
        let metadata = CacheMetadata(fetchedAt: Date(), etag: "\"u1\"")
        // Each launch opens the database again, as an upgrade's migration runs at the open
        func launch() throws -> some LocalStore<User.ID, User> { try AppDatabase.open(at: url).userStore() }
        try await launch().persist(user, for: user.id, metadata: metadata)
        #expect(try await launch().find(user.id)?.value == user, "the same columns")

        try AppDatabase.open(at: url).write { db in try db.execute(sql: "ALTER TABLE user ADD COLUMN added TEXT") }

        #expect(try await launch().find(user.id) == nil)
        try await launch().persist(user, for: user.id, metadata: metadata)
        #expect(try await launch().find(user.id)?.value == user, "once")
    }

    @Test func vacuumGivesBackTheSpaceOfDeletedRows() throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("app.sqlite"))
        try database.write { db in
            try db.execute(sql: "CREATE TABLE filler(text TEXT)")
            for _ in 0..<200 {
                try db.execute(sql: "INSERT INTO filler VALUES (?)", arguments: [String(repeating: "x", count: 4000)])
            }
            try db.execute(sql: "DELETE FROM filler")
        }
        let sizes = try database.vacuum()
        #expect(sizes.before - sizes.after > 500_000, "200 deleted rows of 4 KB come back")
        #expect(database.fileBytes() == sizes.after)
    }

    /// The app and its extension may launch together on a new device: both create and migrate the
    /// same file at once, and SQLite answers one of them "database is locked" without waiting.
    @Test func twoConnectionsCreatingTheSameNewFileAtOnceBothOpenIt() async throws {
        for round in 0..<20 {
            let url = folder.url.appendingPathComponent("race-\(round).sqlite")
            let opened = await failuresRunning(3, atOnce: { _ = try AppDatabase.open(at: url) })
            #expect(opened.isEmpty, "round \(round): \(opened)")
        }
    }

    /// A newer build's migration would have changed tables this build reads and writes: the file
    /// is refused before any migration runs, for the newer build to open again.
    @Test func aDatabaseANewerBuildMigratedIsRefusedAndLeftUntouched() throws {
        let url = folder.url.appendingPathComponent("newer.sqlite")
        try AppDatabase.open(at: url).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v14: from a newer build')")
        }
        func migrations() throws -> [String] {
            try DatabaseQueue(path: url.path).read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
            }
        }
        let before = try migrations()
        do {
            _ = try AppDatabase.open(at: url)
            Issue.record("a newer build's database opened")
        } catch {
            #expect(
                error.localizedDescription.hasSuffix(
                    "a newer version of the app wrote it (its migration 'v14: from a newer build' is unknown here); "
                        + "update the app to open it"), "\(error.localizedDescription)")
        }
        #expect(try migrations() == before)
        #expect(before.last == "v14: from a newer build")
    }

    /// A feature taken out with `scaffold-feature --remove` leaves its table and migration behind:
    /// the database still opens.
    @Test func aRemovedFeaturesMigrationDoesNotStopTheOpen() throws {
        let url = folder.url.appendingPathComponent("removed.sqlite")
        try AppDatabase.open(at: url).write { db in
            try db.execute(
                sql: "INSERT INTO grdb_migrations VALUES (?)",
                arguments: [FeatureRegistry.Migration.namePrefix + "recipe: recipes table"])
        }
        #expect(try AppDatabase.open(at: url).appliedMigrations() == AppDatabase.migrator.migrations)
    }

    @Test func anUnwritableLocationIsAClearError() throws {
        let url = folder.url.appendingPathComponent("missing/folder/db.sqlite")
        #expect(throws: StorageError.self) { try AppDatabase.open(at: url) }
    }
}
