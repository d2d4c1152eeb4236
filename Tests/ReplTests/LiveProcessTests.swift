import Foundation
import TestSupport
import Testing

/// Two devices of one account, each a running REPL with its own home and embedded server on the
/// account's shared server folder: an edit on one reaches the other's screen without `sync`.
@Suite("Live updates between devices, as processes")
nonisolated struct LiveProcessTests {
    let repl = ReplProcess.built()

    @Test func anEditOnOneDeviceReachesTheOthersOpenSceneWithoutSync() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = folder.appendingPathComponent("server").path
        func device(_ name: String) throws -> RunningRepl {
            try RunningRepl(
                repl,
                arguments: [
                    "--home", folder.appendingPathComponent(name).path, "--server-data", server, "--live-updates", "on",
                ])
        }
        // Given a phone with the document list open, connected to its live socket
        let phone = try device("phone")
        try phone.type("scene open list")
        try phone.type("live status")
        #expect(await phone.waitFor { $0.contains("s1*") && $0.contains("connection") })
        // When a laptop renames document 1 (its server writes the shared data)
        let laptop = try device("laptop")
        try laptop.type("docs edit 1 --title \"Renamed on the laptop\"")
        #expect(await laptop.waitFor { $0.hasRow("title", startingWith: "Renamed on the laptop") }, "\(laptop.output)")
        // Then the phone's list shows it, with no sync typed on the phone: it is shown again until
        // it does, as eventually checks (50 shows one after another were over in well under a
        // second, before a loaded machine had delivered the event)
        var shows = 0
        let shown = await eventually {
            shows += 1
            guard (try? phone.type("scene show s1")) != nil,
                await phone.waitFor({ $0.components(separatedBy: "documents (").count > shows })
            else { return false }
            return phone.output.components(separatedBy: "ID  TITLE").last?.contains("Renamed on the laptop") == true
        }
        #expect(shown, "\(phone.output)")
        try phone.type("live status")
        #expect(await phone.waitFor { $0.contains("connection      connected") }, "\(phone.output)")
        #expect(try await laptop.finish() == 0)
        #expect(try await phone.finish() == 0)
    }
}
