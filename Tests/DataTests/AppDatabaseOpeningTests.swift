import Foundation
import StrataData
import TestSupport
import Testing

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

    @Test func anUnwritableLocationIsAClearError() throws {
        let url = folder.url.appendingPathComponent("missing/folder/db.sqlite")
        #expect(throws: StorageError.self) { try AppDatabase.open(at: url) }
    }
}
