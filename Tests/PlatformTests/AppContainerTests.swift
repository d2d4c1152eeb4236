import Foundation
import Platform
import TestSupport
import Testing

@Suite("Sandbox container and database startup")
struct AppContainerTests {
    let folder: ScratchFolder

    init() throws {
        folder = try ScratchFolder()
    }

    @Test func prepareCreatesTheIOSLayout() throws {
        let container = AppContainer(root: folder.url.appendingPathComponent("home"))
        try container.prepare()
        for path in [
            "Documents", "Documents/Inbox", "Library/Application Support", "Library/Caches", "Library/Preferences",
            "Library/Saved Application State",
            "tmp",
        ] {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: container.root.appendingPathComponent(path).path, isDirectory: &isDirectory)
            #expect(exists && isDirectory.boolValue, "\(path)")
        }
        #expect(container.databaseURL.path.hasSuffix("Library/Application Support/strata.sqlite"))
    }

    @Test func tmpIsEmptiedAtLaunchAndDocumentsAreKept() throws {
        let container = AppContainer(root: folder.url)
        try container.prepare()
        try Data("scratch".utf8).write(to: container.tmp.appendingPathComponent("leftover"))
        try Data("keep".utf8).write(to: container.documents.appendingPathComponent("mine.txt"))
        try container.prepare()
        #expect(try FileManager.default.contentsOfDirectory(atPath: container.tmp.path).isEmpty)
        #expect(FileManager.default.fileExists(atPath: container.documents.appendingPathComponent("mine.txt").path))
    }

    @Test func cachesComeBackAfterBeingDeleted() throws {
        let container = AppContainer(root: folder.url)
        try container.prepare()
        try FileManager.default.removeItem(at: container.caches)
        let caches = try container.cachesDirectory()
        #expect(FileManager.default.fileExists(atPath: caches.path))
    }

    @Test func theDefaultRootFollowsXDG() {
        #expect(
            AppContainer.defaultRoot(folder: "strata", environment: ["XDG_DATA_HOME": "/data"]).path == "/data/strata")
        #expect(
            AppContainer.defaultRoot(folder: "strata-release", environment: ["HOME": "/home/ada"]).path
                == "/home/ada/.local/share/strata-release")
    }

    @Test func aContainerThatCannotBeCreatedIsAClearError() throws {
        let blocker = folder.url.appendingPathComponent("file")
        try Data().write(to: blocker)
        #expect(throws: ContainerError.self) { try AppContainer(root: blocker).prepare() }
    }
}
