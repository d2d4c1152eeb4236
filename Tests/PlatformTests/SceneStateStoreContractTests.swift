import Foundation
import Platform
import TestSupport
import Testing

/// What every ``SceneStateStoreProtocol`` promises, against the file store and the in-memory fake.
@Suite("SceneStateStore contract")
struct SceneStateStoreContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case file, inMemory

        var testDescription: String { rawValue }

        func make() throws -> (store: any SceneStateStoreProtocol, keepAlive: Any?) {
            switch self {
            case .file:
                let folder = try ScratchFolder()
                return (FileSceneStateStore(folder: folder.url), folder)
            case .inMemory:
                return (InMemorySceneStateStore(), nil)
            }
        }
    }

    @Test(arguments: Implementation.allCases)
    func aSaveIsWhatTheNextLoadSees(_ implementation: Implementation) throws {
        let (store, keepAlive) = try implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        #expect(try store.load() == nil)
        try store.save(Data("first".utf8))
        try store.save(Data("second".utf8))
        #expect(try store.load() == Data("second".utf8))
    }

    @Test(arguments: Implementation.allCases)
    func aQuarantinedArchiveIsNoLongerLoadedAndTheNextSaveWorks(_ implementation: Implementation) throws {
        let (store, keepAlive) = try implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        try store.save(Data("broken".utf8))
        _ = store.quarantine()
        #expect(try store.load() == nil)
        try store.save(Data("fresh".utf8))
        #expect(try store.load() == Data("fresh".utf8))
    }

    @Test(arguments: Implementation.allCases)
    func quarantiningNothingIsNotAnError(_ implementation: Implementation) throws {
        let (store, keepAlive) = try implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        _ = store.quarantine()
        #expect(try store.load() == nil)
    }
}
