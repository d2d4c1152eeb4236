import Foundation
import Platform
import TestSupport
import Testing

@Suite("Sandbox rules")
struct AppSandboxTests {
    let folder: ScratchFolder
    let container: AppContainer
    let sandbox: AppSandbox

    init() throws {
        folder = try ScratchFolder()
        container = AppContainer(root: folder.url.appendingPathComponent("home"))
        try container.prepare()
        sandbox = AppSandbox(container: container)
    }

    func outside(_ name: String, _ text: String = "x") throws -> URL {
        let file = folder.url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test func filesHandedOverArriveInTheInboxUnderNamesNotTaken() throws {
        let notes = try outside("notes.jsonl")
        #expect(try sandbox.deliverToInbox(notes) == "notes.jsonl")
        #expect(try sandbox.deliverToInbox(notes) == "notes-1.jsonl")
        #expect(try sandbox.deliverToInbox(notes) == "notes-2.jsonl")
        #expect(try sandbox.inboxFiles() == ["notes-1.jsonl", "notes-2.jsonl", "notes.jsonl"])
        try sandbox.removeInboxFile(named: "notes-1.jsonl")
        #expect(try sandbox.inboxFiles() == ["notes-2.jsonl", "notes.jsonl"])
        #expect(throws: SandboxError.notFound("Documents/Inbox/notes-1.jsonl")) {
            try sandbox.removeInboxFile(named: "notes-1.jsonl")
        }
        #expect(throws: SandboxError.notAFile(folder.url.path)) { try sandbox.deliverToInbox(folder.url) }
        #expect(try sandbox.inboxFiles() == ["notes-2.jsonl", "notes.jsonl"])
    }

    /// A link hands over the file it names, never itself (a link in the inbox would point out of
    /// the container); a device or a pipe is no file (/dev/zero arrived empty, a pipe blocked).
    @Test func aLinkHandsOverItsFileAndADeviceOrAPipeIsRefused() throws {
        let notes = try outside("notes.txt", "kept")
        let link = folder.url.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: notes)
        #expect(try sandbox.deliverToInbox(link) == "link.txt")
        let delivered = container.inbox.appendingPathComponent("link.txt")
        let type = try FileManager.default.attributesOfItem(atPath: delivered.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular)
        #expect(try String(contentsOf: delivered, encoding: .utf8) == "kept")
        let pipe = folder.url.appendingPathComponent("pipe")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        for special in [URL(fileURLWithPath: "/dev/zero"), pipe] {
            #expect(throws: SandboxError.notAFile(special.path)) { try sandbox.deliverToInbox(special) }
        }
        #expect(try sandbox.inboxFiles() == ["link.txt"])
    }

    /// A name taken already is numbered within the 255 bytes a file system's name holds (a
    /// 254-byte name had no room for `-1`, and the second copy failed), as the Inbox numbers
    /// what other apps hand over and as the Files app numbers the copies the app saves.
    @Test func aLongNameTakenAlreadyIsNumberedWithinTheLimit() throws {
        let name = String(repeating: "é", count: 125) + ".txt"
        let notes = try outside(name)
        #expect(try sandbox.deliverToInbox(notes) == name)
        #expect(try sandbox.deliverToInbox(notes) == String(repeating: "é", count: 124) + "-1.txt")
        #expect(try sandbox.exportDocument(Data(), named: name) == name)
        #expect(try sandbox.exportDocument(Data(), named: name) == String(repeating: "é", count: 124) + " 2.txt")
        let download = try outside("download", "fetched")
        #expect(
            try sandbox.saveDocument(moving: download, named: name) == String(repeating: "é", count: 124) + " 3.txt")
    }

    /// A download is moved into `Documents/` as an export is written there: under a name nothing
    /// holds, a link whose file is gone included (the link stays as it was), and the downloaded
    /// copy is not left behind.
    @Test func aDownloadIsSavedAsAnExportIsAndTakesNoNameAlreadyHeld() throws {
        let link = container.documents.appendingPathComponent("notes.txt")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: folder.url.appendingPathComponent("moved away").path)
        let download = try outside("download", "fetched")
        #expect(try sandbox.saveDocument(moving: download, named: "notes.txt") == "notes 2.txt")
        #expect(try sandbox.exportDocument(Data("exported".utf8), named: "notes.txt") == "notes 3.txt")
        let saved = try String(contentsOf: container.documents.appendingPathComponent("notes 2.txt"), encoding: .utf8)
        #expect(saved == "fetched")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path).hasSuffix("moved away"))
        #expect(!FileManager.default.fileExists(atPath: download.path), "the downloaded copy is moved, not left behind")
        let refused = try outside("refused", "x")
        #expect(throws: SandboxError.outsideContainer("../notes.txt")) {
            try sandbox.saveDocument(moving: refused, named: "../notes.txt")
        }
        #expect(!FileManager.default.fileExists(atPath: refused.path), "a refused download is not left behind either")
    }

    /// A mark after `/` makes one character of the two, but the file system still reads a
    /// separator: the copy went into a folder `a` (or failed for want of one).
    @Test func aFileNameWithASeparatorJoinedToAMarkIsRefused() throws {
        let name = "a/\u{301}b"
        #expect(throws: SandboxError.outsideContainer(name)) { try sandbox.exportDocument(Data(), named: name) }
        #expect(try sandbox.backupManifest().isEmpty)
    }

    @Test(arguments: ["../secret", "/etc/passwd", "a/../../b", "", "sub//x"])
    func namesThatLeaveTheContainerAreRefusedAndChangeNothing(_ name: String) throws {
        #expect(throws: SandboxError.outsideContainer(name)) { try sandbox.inboxFile(named: name) }
        #expect(throws: SandboxError.outsideContainer(name)) { try sandbox.exportDocument(Data(), named: name) }
        #expect(throws: SandboxError.outsideContainer(name)) { try sandbox.excludeFromBackup(name) }
        #expect(try sandbox.backupManifest().isEmpty)
    }

    @Test func aSymbolicLinkPointingOutIsRefused() throws {
        let secret = try outside("secret.txt", "do not read")
        try FileManager.default.createSymbolicLink(
            at: container.inbox.appendingPathComponent("link.txt"), withDestinationURL: secret)
        #expect(throws: SandboxError.outsideContainer("link.txt")) { try sandbox.inboxFile(named: "link.txt") }
        #expect(throws: SandboxError.outsideContainer("link.txt")) { try sandbox.removeInboxFile(named: "link.txt") }
        #expect(FileManager.default.fileExists(atPath: secret.path))
    }

    @Test func exportsAreUserVisibleDocumentsThatNeverOverwrite() throws {
        #expect(try sandbox.exportDocument(Data("one".utf8), named: "Groceries.json") == "Groceries.json")
        #expect(try sandbox.exportDocument(Data("two".utf8), named: "Groceries.json") == "Groceries 2.json")
        let first = try Data(contentsOf: container.documents.appendingPathComponent("Groceries.json"))
        #expect(String(decoding: first, as: UTF8.self) == "one")
    }

    @Test func aFileInDocumentsIsFoundByThePathAnExportPrints() throws {
        let name = try sandbox.exportDocument(Data("one".utf8), named: "Groceries.json")
        let found = sandbox.userDocument(at: "Documents/\(name)")
        #expect(found.map { try? Data(contentsOf: $0) } == Data("one".utf8))
        #expect(sandbox.userDocument(at: "Documents/Missing.json") == nil)
        #expect(sandbox.userDocument(at: "Documents/Inbox") == nil, "a folder is not a file")
        #expect(sandbox.userDocument(at: "Groceries.json") == nil, "only a path in Documents/")
        for name in ["Documents/", "Documents//Groceries.json", "Documents/../Library/Groceries.json"] {
            #expect(sandbox.userDocument(at: name) == nil, "\(name) names no file of Documents/")
        }
        let secret = try outside("secret.txt", "do not read")
        try FileManager.default.createSymbolicLink(
            at: container.documents.appendingPathComponent("link.txt"), withDestinationURL: secret)
        #expect(sandbox.userDocument(at: "Documents/link.txt") == nil, "a link leading out is never followed")
    }

    @Test func purgingEmptiesOnlyTheCaches() throws {
        try Data("rebuildable".utf8).write(to: container.caches.appendingPathComponent("thumbs.bin"))
        try Data("mine".utf8).write(to: container.documents.appendingPathComponent("mine.txt"))
        let purged = try sandbox.purgeCaches()
        #expect(purged.files == 1 && purged.bytes == 11)
        #expect(try FileManager.default.contentsOfDirectory(atPath: container.caches.path).isEmpty)
        #expect(FileManager.default.fileExists(atPath: container.documents.appendingPathComponent("mine.txt").path))
    }

    @Test func cacheFilesAreWrittenInFoldersReadBackAndGoneAfterAPurge() throws {
        #expect(try sandbox.cache(at: "Snapshots/s1.txt") == nil)
        try sandbox.writeCache(Data("first".utf8), at: "Snapshots/s1.txt")
        try sandbox.writeCache(Data("second".utf8), at: "Snapshots/s1.txt")
        #expect(try sandbox.cache(at: "Snapshots/s1.txt") == Data("second".utf8), "a write replaces")
        #expect(try sandbox.purgeCaches().files == 1)
        #expect(try sandbox.cache(at: "Snapshots/s1.txt") == nil)
        for name in ["../escape.txt", "Snapshots/../../escape.txt", "/tmp/escape.txt", ""] {
            #expect(throws: SandboxError.outsideContainer(name)) { try sandbox.writeCache(Data(), at: name) }
            #expect(throws: SandboxError.outsideContainer(name)) { try sandbox.cache(at: name) }
        }
        // A folder in the file's place: the system's reason, not Foundation's error number
        try FileManager.default.createDirectory(
            at: container.caches.appendingPathComponent("Snapshots/taken"), withIntermediateDirectories: true)
        #expect(throws: SandboxError.failed("cannot write Library/Caches/Snapshots/taken: Is a directory")) {
            try sandbox.writeCache(Data(), at: "Snapshots/taken")
        }
    }

    @Test func aBackupTakesDocumentsAndLibraryButNotCachesTmpOrExcludedFiles() throws {
        try Data("d".utf8).write(to: container.documents.appendingPathComponent("mine.txt"))
        try Data("db".utf8).write(to: container.databaseURL)
        try Data("c".utf8).write(to: container.caches.appendingPathComponent("thumbs.bin"))
        try Data("t".utf8).write(to: container.tmp.appendingPathComponent("scratch"))
        try Data("h".utf8).write(to: container.preferences.appendingPathComponent("history"))
        try sandbox.excludeFromBackup("Library/Preferences/history")
        #expect(
            try sandbox.backupManifest() == [
                "Documents/mine.txt", "Library/Application Support/strata.sqlite",
                "Library/Preferences/.backup-exclusions",
            ])
        #expect(throws: SandboxError.notFound("Documents/none.txt")) {
            try sandbox.excludeFromBackup("Documents/none.txt")
        }
    }
}
