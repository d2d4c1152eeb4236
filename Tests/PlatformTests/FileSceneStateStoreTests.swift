import Foundation
import Platform
import TestSupport
import Testing

@Suite("FileSceneStateStore")
struct FileSceneStateStoreTests {
    let folder: ScratchFolder
    let store: FileSceneStateStore

    init() throws {
        folder = try ScratchFolder()
        store = FileSceneStateStore(folder: folder.url)
    }

    @Test func nothingSavedLoadsAsNil() throws {
        #expect(try store.load() == nil)
    }

    @Test func aSaveReplacesTheArchiveWholeAndLeavesNoTemporaryFile() throws {
        try store.save(Data("first".utf8))
        try store.save(Data("second, longer".utf8))
        #expect(try store.load() == Data("second, longer".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["sessions.json"])
        let mode = try FileManager.default.attributesOfItem(atPath: store.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func quarantineKeepsTheBrokenArchiveAside() throws {
        try store.save(Data("garbage".utf8))
        #expect(
            store.quarantine()
                == "the saved window state in sessions.json could not be read (kept as sessions.json.damaged); "
                + "the app starts with no scenes")
        #expect(try store.load() == nil)
        let aside = folder.url.appendingPathComponent("sessions.json.damaged")
        #expect(try Data(contentsOf: aside) == Data("garbage".utf8))
    }

    @Test func aSaveIntoAMissingFolderIsAnError() throws {
        let missing = FileSceneStateStore(folder: folder.url.appendingPathComponent("gone"))
        #expect(throws: SceneStateError.self) { try missing.save(Data("new".utf8)) }
    }

    @Test func aSaveThatCannotReplaceTheArchiveLeavesNoTemporaryFile() throws {
        // A folder where the archive should be makes the final rename fail, even for root.
        try FileManager.default.createDirectory(at: store.file, withIntermediateDirectories: false)
        #expect(throws: SceneStateError.self) { try store.save(Data("new".utf8)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["sessions.json"])
    }
}
