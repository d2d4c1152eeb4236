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
        // Polite launch work starts within 3 s of the first prompt; ask every 100 ms for up to 20 s.
        var registered = false
        var asked = 0
        let deadline = ContinuousClock.now + .seconds(20)
        while !registered, ContinuousClock.now < deadline {
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
}
