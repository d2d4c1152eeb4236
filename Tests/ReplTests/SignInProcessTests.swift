import Foundation
import TestSupport
import Testing

/// Sign-in as a process, against an embedded server that wants it: changes made signed out wait
/// for the next sign-in, the session outlives the launch in a 0600 file, a session the server
/// ends is forgotten with "Please log in again", and every bad input is one line.
@Suite("Sign-in, as a process")
nonisolated struct SignInProcessTests {
    let repl = ReplProcess.built()
    static let required = ["STRATA_SERVER_SIGN_IN": "required"]

    @Test func changesMadeSignedOutWaitThenGoAtSignIn() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-signin-\(UUID().uuidString)")
        defer { ReplProcess.removeHome(home) }
        let run = try await repl.run(
            lines: [
                "whoami", #"docs new "Written signed out""#, "sync", "login ada --password-stdin", "difference-engine",
                "login ada --password-stdin", "analytical-engine", "whoami", "login ada --password-stdin", "whatever",
                "format json", "whoami",
            ], arguments: ["--home", home.path], environment: Self.required)
        #expect(run.stdout.contains("Not signed in ('login NAME')."))
        #expect(run.stderr.contains("error: line 3: Please log in again ('login NAME'); 1 change waits for it"))
        #expect(run.stderr.contains("error: line 4: Wrong name or password"))
        #expect(run.stdout.contains("Signed in as ada. Sent 1 queued change."))
        #expect(run.stderr.contains("error: line 9: Already signed in as ada; 'logout' first"), "\(run.stderr)")
        #expect(!run.stdout.contains("whatever") && !run.stderr.contains("whatever"), "the secret line never runs")
        #expect(run.stdout.contains(#"{"account":"ada"}"#), "\(run.stdout)")
        #expect(!run.stdout.contains("analytical-engine") && !run.stderr.contains("analytical-engine"))
        // The session outlives the launch, kept owner-only and apart from the settings
        let secrets = home.appendingPathComponent("Library/Keychain/secrets.json")
        let mode = try FileManager.default.attributesOfItem(atPath: secrets.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let next = try await repl.run(
            lines: [#"docs new "Signed in next launch""#, "sync status", "logout", "whoami", "logout"],
            arguments: ["--home", home.path, "--format", "plain"], environment: Self.required)
        #expect(next.stdout.contains("pending\t0"), "\(next.stdout)\(next.stderr)")
        #expect(next.stdout.contains("Signed out ada.") && next.stdout.contains("Not signed in"))
        #expect(next.stderr.contains("error: line 5: Nobody is signed in"))
    }

    @Test func aSessionTheServerEndsIsForgottenAndTheUserIsToldToLogInAgain() async throws {
        let run = try await repl.run(
            lines: [
                "login ada --password-stdin", "analytical-engine", "server end-sessions",
                #"docs edit 1 --title "Late""#,
                "whoami",
            ], environment: Self.required)
        #expect(run.stderr.contains("Please log in again: the server ended the session ('login NAME')."))
        #expect(run.stdout.hasRow("sync", startingWith: "pending (saved on this device, waiting to be sent)"))
        #expect(run.stdout.hasSuffix("Not signed in ('login NAME').\n"), "\(run.stdout)")
    }

    @Test func aSecretsFileOthersMayReadIsNotUsedAndTheUserHearsWhy() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-signin-\(UUID().uuidString)")
        defer { ReplProcess.removeHome(home) }
        _ = try await repl.run(
            lines: ["login ada --password-stdin", "analytical-engine"], arguments: ["--home", home.path],
            environment: Self.required)
        let secrets = home.appendingPathComponent("Library/Keychain/secrets.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: secrets.path)
        let before = try Data(contentsOf: secrets)
        let run = try await repl.run(
            lines: ["whoami", #"docs new "Refused""#, "sync"], arguments: ["--home", home.path],
            environment: Self.required)
        #expect(
            run.stderr.hasPrefix(
                "warning: The secret store secrets.json has mode 0644, so others may read it; it is not used until "
                    + "it is 0600"), "\(run.stderr)")
        #expect(run.stdout.contains("Not signed in"))
        #expect(try Data(contentsOf: secrets) == before, "the file is left as it was")
    }

    @Test func loginAsksOnATerminalOnly() async throws {
        let run = try await repl.run(lines: ["login ada", "login", "login ada --password-stdin"])
        #expect(
            run.stderr.contains(
                "error: line 1: login asks for the password on a terminal; in a script use 'login ada "
                    + "--password-stdin' with the password on the next line"))
        #expect(run.stderr.contains("error: line 2: missing NAME (usage: login NAME [--password-stdin])"))
        #expect(run.stderr.contains("error: line 3: A password is required"), "input ended: an empty password")
    }

    @Test(arguments: ["--password-stdin=1", "--password", "--password-stdin=", "--password-stdinn"])
    func aMisusedPasswordFlagNeverRunsOrShowsTheNextLine(flag: String) async throws {
        // Given a login whose flag is misused, then the password on its line
        let run = try await repl.run(
            lines: ["login ada \(flag)", "whoami --secret-value", "whoami"], environment: Self.required)
        // Then the login fails alone, and the line after it is neither run nor echoed
        let errors = run.stderr.split(separator: "\n")
        #expect(errors.count == 1 && errors[0].hasPrefix("error: line 1: "), "\(run.stderr)")
        #expect(!run.stderr.contains("secret-value") && !run.stdout.contains("secret-value"))
        #expect(run.stdout == "Not signed in ('login NAME').\n", "\(run.stdout)")
    }
}
