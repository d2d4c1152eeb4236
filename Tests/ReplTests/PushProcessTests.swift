import DemoBackend
import Foundation
import TestSupport
import Testing

/// The device token reaches the server soon after launch, with nothing typed, and without asking
/// the user anything.
@Suite("Push registration at launch, as a process")
nonisolated struct PushProcessTests {
    let repl = ReplProcess.built()

    @Test func theTokenIsRegisteredAfterLaunchAndTheUserIsNotAsked() async throws {
        let app = try RunningRepl(repl, arguments: ["--push-registration", "on"])
        // Polite launch work starts within 3 s of the first prompt; ask every 100 ms, at most 200
        // times. Counted in answers, not on a clock: a loaded run once kept this test waiting for
        // a thread past a 20 s deadline while the app had long registered.
        var registered = false
        var asked = 0
        while !registered, asked < 200 {
            asked += 1
            try app.type("push status")
            #expect(await app.waitFor { $0.components(separatedBy: "authorization").count > asked })
            registered =
                app.output.components(separatedBy: "authorization").last?.contains("registered with the server")
                == true
            if !registered { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(registered, "\(app.output)")
        #expect(app.output.contains("authorization  not determined"), "launching asks nobody")
        #expect(try await app.finish() == 0)
    }

    @Test func signingOutRemovesTheTokenFromTheServerAndSigningInSendsItAgain() async throws {
        let backend = try DemoBackend(signIn: .required)
        let url = try await backend.start()
        let home = try ScratchFolder()
        let arguments = ["--home", home.url.path, "--remote", url.absoluteString, "--push-registration", "on"]
        let run = try await repl.run(
            lines: ["push renew-token", "login ada --password-stdin", "analytical-engine", "logout", "push status"],
            arguments: arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Signed out ada.\n"), "\(run.stdout)")
        #expect(run.stdout.contains("(sandbox, not registered)"), "\(run.stdout)")
        #expect(await backend.registeredDevices().isEmpty, "a signed-out device receives nothing")
        let again = try await repl.run(
            lines: ["login ada --password-stdin", "analytical-engine"], arguments: arguments)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(await backend.registeredDevices().map(\.environment) == ["sandbox"], "signing in sends it again")
        await backend.stop()
    }
}
