import Domain
import TestSupport
import Testing

@Suite("Sign-in use cases")
struct SessionUseCaseTests {
    @Test func signingInKeepsTheAccountAndAWrongPasswordIsRefused() async {
        let sessions = FakeSessionRepository()
        let signIn = SignInUseCase(repository: sessions)
        #expect(await signIn.execute(name: "ada", password: "difference-engine") == .failure(.wrongCredentials))
        #expect(await sessions.currentAccount() == nil)
        #expect(await signIn.execute(name: " ada ", password: "analytical-engine") == .success("ada"))
        #expect(await sessions.currentAccount() == "ada")
    }

    @Test func aSecondSignInIsRefusedWithoutAskingTheServer() async {
        let sessions = FakeSessionRepository(account: "ada")
        let result = await SignInUseCase(repository: sessions).execute(name: "ada", password: "analytical-engine")
        #expect(result == .failure(.alreadySignedIn("ada")))
        #expect(await sessions.signInRequests == 0)
    }

    @Test(arguments: [("", "x", SessionError.missingName), ("   ", "x", .missingName), ("ada", "", .missingPassword)])
    func aNameAndAPasswordAreRequired(name: String, password: String, error: SessionError) async {
        let sessions = FakeSessionRepository()
        #expect(await SignInUseCase(repository: sessions).execute(name: name, password: password) == .failure(error))
        #expect(await sessions.signInRequests == 0)
    }

    /// A screen asks for the password only for a name the sign-in would take.
    @Test func aNameIsCheckedWithoutThePassword() {
        let signIn = SignInUseCase(repository: FakeSessionRepository())
        #expect(signIn.name("  ada ") == .success("ada"))
        #expect(signIn.name(" ") == .failure(.missingName))
    }

    @Test func signingOutNeedsSomeoneSignedIn() async {
        let sessions = FakeSessionRepository(account: "ada")
        let signOut = SignOutUseCase(repository: sessions)
        #expect(await signOut.execute() == .success("ada"))
        #expect(await signOut.execute() == .failure(.notSignedIn))
    }

    @Test func changesThatWaitForSignInSaySoAndHowMany() {
        #expect(
            SyncError.signInRequired(pending: 2).errorDescription
                == "Please log in again ('login NAME'); 2 changes wait for it")
        #expect(SyncError.signInRequired(pending: 1).errorDescription?.hasSuffix("1 change waits for it") == true)
    }
}
