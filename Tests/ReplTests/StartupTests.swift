import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// Startup problems give one clear line and a non-zero status, never a crash.
@Suite("Startup, as a process")
nonisolated struct StartupTests {
    let repl = ReplProcess.built()

    func home() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-startup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("Library/Application Support"), withIntermediateDirectories: true
        )
        return url
    }

    @Test func aDatabaseFileThatIsNotSQLiteIsReportedAndLeftAlone() async throws {
        let home = try home()
        defer { ReplProcess.removeHome(home) }
        let database = home.appendingPathComponent("Library/Application Support/strata.sqlite")
        try Data("this is not a database".utf8).write(to: database)
        let outcome = try await repl.run(["--home", home.path], input: Data("docs list\n".utf8))
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("error: cannot open the database"))
        #expect(outcome.stderr.contains("not a SQLite database"))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: database) == Data("this is not a database".utf8))
    }

    @Test func aHomeANewerBuildWroteIsRefusedWithTheWayOut() async throws {
        let home = try home()
        defer { ReplProcess.removeHome(home) }
        let database = home.appendingPathComponent("Library/Application Support/strata.sqlite")
        try AppDatabase.open(at: database).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v14: from a newer build')")
        }
        let outcome = try await repl.run(["--home", home.path], input: Data("docs list\n".utf8))
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("error: cannot open the database"))
        #expect(outcome.stderr.hasSuffix("is unknown here); update the app to open it\n"), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
    }

    /// The secrets and the settings that no longer read are set aside with a warning each, as the
    /// window state and the notification settings are: the user could not log in before (the
    /// store was left as it was, and each login failed on it), and every settings command failed.
    @Test func damagedSecretsAndSettingsAreSetAsideAndTheAppGoesOn() async throws {
        let home = try home()
        defer { ReplProcess.removeHome(home) }
        let keychain = home.appendingPathComponent("Library/Keychain")
        try FileManager.default.createDirectory(
            at: keychain, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let secrets = keychain.appendingPathComponent("secrets.json")
        #expect(
            FileManager.default.createFile(
                atPath: secrets.path, contents: Data("garbage".utf8), attributes: [.posixPermissions: 0o600]))
        let preferences = home.appendingPathComponent("Library/Preferences")
        try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
        try Data("[1, 2".utf8).write(to: preferences.appendingPathComponent("com.strata.app.dev.plist"))
        let outcome = try await repl.run(
            lines: ["login ada --password-stdin", "analytical-engine", "whoami", "settings set a 1", "settings list"],
            arguments: ["--home", home.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.split(separator: "\n") == [
                "warning: the secret store in secrets.json could not be read (kept as secrets.json.damaged); log in again",
                "warning: the settings in com.strata.app.dev.plist could not be read (kept as com.strata.app.dev.plist.damaged); "
                    + "settings start again empty (not a property list of single values)",
            ])
        #expect(outcome.stdout.contains("Signed in as ada") && outcome.stdout.contains("a    1"), "\(outcome.stdout)")
        #expect(try Data(contentsOf: secrets.appendingPathExtension("damaged")) == Data("garbage".utf8))
    }

    /// A home an earlier build left its settings in, as JSON, keeps them, a number typed with a
    /// fraction among them (ADR 0076).
    @Test func settingsAnEarlierBuildKeptAsJSONAreThereAfterTheUpgrade() async throws {
        let home = try home()
        defer { ReplProcess.removeHome(home) }
        let preferences = home.appendingPathComponent("Library/Preferences")
        try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
        try Data(#"{"theme": "dark", "scale": 2.0}"#.utf8).write(
            to: preferences.appendingPathComponent("com.strata.app.dev.json"))
        let outcome = try await repl.run(
            lines: ["settings set list.pageSize 50", "settings list"], arguments: ["--home", home.path])
        #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome.stderr)")
        for row in ["scale          2.0    double", "theme          dark   string"] {
            #expect(outcome.stdout.contains(row), "\(outcome.stdout)")
        }
        let list = try String(
            contentsOf: preferences.appendingPathComponent("com.strata.app.dev.plist"), encoding: .utf8)
        #expect(list.contains("<real>2</real>") && list.contains("<integer>50</integer>"), "\(list)")
    }

    @Test func aHomeThatIsAFileIsOneLineWithTheSystemsReason() async throws {
        let home = try home()
        let file = home.appendingPathComponent("Library/Application Support/strata.sqlite")
        try Data("x".utf8).write(to: file)
        defer { ReplProcess.removeHome(home) }
        let outcome = try await repl.run(["--home", file.path], input: Data("docs list\n".utf8))
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "error: cannot create '\(file.path)/Documents': Not a directory\n")
    }

    @Test func plainHTTPToAnotherHostIsRefusedWithTheWayOut() async throws {
        let outcome = try await repl.run(["--remote", "http://api.example.com"], input: Data("docs list\n".utf8))
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("--allow-http api.example.com"))
    }

    @Test(
        arguments: [
            "not a url", "ftp://x", "http://", "http://127.0.0.1:99999", "http://127.0.0.1:0",
            // Requests dropped these, and `config show` printed the password.
            "http://ada:secret@127.0.0.1:8080", "http://127.0.0.1:8080/?debug=1", "http://127.0.0.1:8080/#top",
        ])
    func aRemoteThatIsNotAServersURLIsAUsageError(remote: String) async throws {
        let outcome = try await repl.run(["--remote", remote], input: Data("docs list\n".utf8))
        #expect(outcome.status == 2, "a port TCP does not have crashed SwiftNIO: \(outcome.stderr.prefix(120))")
        #expect(
            outcome.stderr.hasPrefix("Error: --remote needs an absolute http or https URL (a port from 1 to 65535;"))
    }

    /// An empty `--home` or `--server-data` put the app's or the server's files in the current
    /// directory.
    @Test(arguments: ["--home", "--server-data"])
    func anEmptyFolderIsAUsageError(flag: String) async throws {
        let outcome = try await repl.run([flag, ""], input: Data("docs list\n".utf8))
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("Error: \(flag) needs a folder path"))
    }

    @Test func aServerRootWithAPortTCPDoesNotHaveIsOneLine() async throws {
        let outcome = try await repl.run(
            [], input: Data("docs list\n".utf8), environment: ["STRATA_API_ROOT": "http://127.0.0.1:70000"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.hasPrefix("error: configuration: STRATA_API_ROOT sets api.root to 'http://127.0.0.1:70000'"))
    }

    @Test func serverCommandsAgainstAnUnreachableRemoteSayWhy() async throws {
        // An allowed but unreachable remote: the server commands explain, reads report the outage.
        let outcome = try await repl.run(
            ["--remote", "http://127.0.0.1:9", "--timeout", "2"],
            input: Data("server status\nserver down\ndocs show 1 --policy local-only\n".utf8))
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("error: line 1: cannot reach the server at http://127.0.0.1:9"))
        #expect(
            outcome.stderr.contains("error: line 2: server down needs the embedded server; this session uses --remote"))
        #expect(outcome.stderr.contains("error: line 3: Not available offline"))
        #expect(outcome.stderr.split(separator: "\n").count == 3)
    }

    @Test func aServerDataFolderThatCannotBeWrittenStopsTheStartWithOneLine() async throws {
        let home = try home()
        defer { ReplProcess.removeHome(home) }
        let blocked = home.appendingPathComponent("blocked")
        try Data("a file, not a folder".utf8).write(to: blocked)
        let outcome = try await repl.run(
            ["--home", home.path, "--server-data", blocked.appendingPathComponent("server").path],
            input: Data("docs list\n".utf8))
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.hasPrefix(
                "error: cannot start the embedded demo server: cannot create the server data folder"))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: blocked) == Data("a file, not a folder".utf8))
    }

    @Test func aDocumentCreatedBeforeAQuitIsOnTheServerAfterTheRestart() async throws {
        let home = try home()
        defer { ReplProcess.removeHome(home) }
        let first = try await repl.run(
            ["--home", home.path], input: Data(#"docs new "Kept" --body "saved""#.utf8 + [10]))
        #expect(first.status == 0, "\(first.stderr)")
        // A new device (another home) sees it on the server; so does the first after a restart.
        for device in [home, home.appendingPathComponent("second-device")] {
            let shown = try await repl.run(
                [
                    "--home", device.path, "--server-data", ReplProcess.serverData(forHome: home).path, "--format",
                    "json",
                ],
                input: Data("docs show 4 --policy remote-only\ndocs new Next\n".utf8))
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains(#""title":"Kept""#) && shown.stdout.contains(#""body":"saved""#))
        }
        // Ids are never reused: the two later documents got 5 and 6.
        let listed = try await repl.run(
            ["--home", home.path, "--format", "json"], input: Data("docs show 6 --policy remote-only\n".utf8))
        #expect(listed.stdout.contains(#""title":"Next""#) && listed.stdout.contains(#""id":6"#), "\(listed.stderr)")
    }

    @Test func theDatabaseAndLayoutLiveInTheHomeFolder() async throws {
        let home = try home()
        defer { ReplProcess.removeHome(home) }
        try Data("old".utf8).write(to: home.appendingPathComponent("stale-tmp-marker"))
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: home.appendingPathComponent("tmp/leftover"))
        let outcome = try await repl.run(["--home", home.path], input: Data("docs show 1\n".utf8))
        #expect(outcome.status == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: home.appendingPathComponent("Library/Application Support/strata.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("tmp/leftover").path))
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("Documents/Inbox").path))
    }
}
