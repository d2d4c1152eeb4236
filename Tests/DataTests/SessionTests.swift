import DemoBackend
import Domain
import Foundation
import StrataData
import Synchronization
import TestSupport
import Testing

/// The client's side of sign-in against a server that wants it: the token is kept and sent, a
/// refused token is forgotten, and changes made while signed out wait for the next sign-in.
@Suite("Sessions, against a server that wants sign-in")
struct SessionTests {
    /// Keeps the session in memory, as the secret store does on disk.
    final class MemoryKeeper: TokenKeeping {
        let kept = Mutex<(account: String, token: String)?>(nil)
        func load() -> (account: String, token: String)? { kept.withLock { $0 } }
        func save(account: String, token: String) throws { kept.withLock { $0 = (account, token) } }
        func remove() throws { kept.withLock { $0 = nil } }
    }

    struct Fixture {
        let backend: DemoBackend
        let keeper: MemoryKeeper
        let credentials: SessionCredentials
        let stack: DataStack
        let sessions: SessionRepositoryImpl
        let folder: ScratchFolder

        static func make() async throws -> Fixture {
            let backend = try DemoBackend(signIn: .required)
            let url = try await backend.start()
            let keeper = MemoryKeeper()
            let credentials = SessionCredentials(keeper: keeper)
            let api = APIClient(
                baseURL: url, http: NIOHTTPClient(timeout: 10), security: .development, retry: .never,
                clock: ContinuousClock(), now: { Date() }, credentials: credentials)
            let folder = try ScratchFolder()
            let database = try AppDatabase.open(at: folder.url.appendingPathComponent("app.sqlite"))
            let stack = DataStack(database: database, api: api, monitor: NetworkMonitor(), now: { Date() })
            return Fixture(
                backend: backend, keeper: keeper, credentials: credentials, stack: stack,
                sessions: SessionRepositoryImpl(api: api, credentials: credentials), folder: folder)
        }
    }

    @Test func changesMadeSignedOutWaitForTheNextSignInThenGo() async throws {
        let fixture = try await Fixture.make()
        // Signed out, the change is kept on the device and the sync says why it waits
        _ = try await fixture.stack.documentRepository.create(FakeData.draft(title: "Waiting"))
        await #expect(throws: SyncError.signInRequired(pending: 1)) { try await fixture.stack.sync.sync() }
        let entries = try await fixture.stack.sync.outbox()
        #expect(entries.count == 1 && entries[0].state == .pending && entries[0].attempts == 0)
        // Signed in, the same change goes
        #expect(try await fixture.sessions.signIn(name: "ada", password: "analytical-engine") == "ada")
        #expect(fixture.keeper.load()?.account == "ada")
        let report = try await fixture.stack.sync.sync()
        #expect(report.pushed == 1)
        #expect(await fixture.backend.documentSnapshot().map(\.title).contains("Waiting"))
        await fixture.backend.stop()
    }

    @Test func aTokenTheServerRefusesIsForgottenHereAndInTheKeeper() async throws {
        let fixture = try await Fixture.make()
        _ = try await fixture.sessions.signIn(name: "ada", password: "analytical-engine")
        // The session ends on the server behind the client's back (an expiry, another device)
        try await fixture.backend.revokeAllSessions()
        _ = try await fixture.stack.documentRepository.create(FakeData.draft(title: "After expiry"))
        await #expect(throws: SyncError.signInRequired(pending: 1)) { try await fixture.stack.sync.sync() }
        #expect(fixture.credentials.account == nil && fixture.keeper.load() == nil)
        await fixture.backend.stop()
    }

    @Test func signingOutEndsTheSessionOnTheServer() async throws {
        let fixture = try await Fixture.make()
        _ = try await fixture.sessions.signIn(name: "ada", password: "analytical-engine")
        let token = try #require(fixture.keeper.load()?.token)
        try await fixture.sessions.signOut()
        #expect(fixture.credentials.account == nil && fixture.keeper.load() == nil)
        #expect(await fixture.backend.isSessionOpen(token) == false)
        await #expect(throws: SessionError.wrongCredentials) {
            try await fixture.sessions.signIn(name: "ada", password: "difference-engine")
        }
        // Signing out with the server gone keeps the session: the server was never told
        _ = try await fixture.sessions.signIn(name: "ada", password: "analytical-engine")
        await fixture.backend.stop()
        await #expect(throws: SessionError.self) { try await fixture.sessions.signOut() }
        #expect(fixture.credentials.account == "ada" && fixture.keeper.load() != nil)
    }
}
