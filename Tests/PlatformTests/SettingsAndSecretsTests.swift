import Foundation
import Platform
import TestSupport
import Testing

@Suite("Settings and secrets")
@MainActor
struct SettingsAndSecretsTests {
    @Test func settingsKeepTheirTypesAcrossStores() throws {
        let folder = try ScratchFolder()
        let url = folder.url.appendingPathComponent("Library/Preferences/com.example.json")
        let store = FileSettingsStore(url: url)
        #expect(try store.all().isEmpty)
        try store.set(SettingValue(parsing: "true"), for: "sync.onLaunch")
        try store.set(SettingValue(parsing: "50"), for: "list.pageSize")
        try store.set(SettingValue(parsing: "0.5"), for: "ratio")
        try store.set(SettingValue(parsing: "Hello there"), for: "greeting")
        let reopened = FileSettingsStore(url: url)
        #expect(
            try reopened.all() == [
                "sync.onLaunch": .bool(true), "list.pageSize": .int(50), "ratio": .double(0.5),
                "greeting": .string("Hello there"),
            ])
        #expect(try reopened.remove("ratio") && !(try reopened.remove("ratio")))
        #expect(try store.value(for: "ratio") == nil)
    }

    /// A damaged file is set aside whole and said so once; the settings then start empty and
    /// work, and the copy is never written over.
    @Test func aDamagedSettingsFileIsSetAsideOnceAndNeverOverwritten() throws {
        let folder = try ScratchFolder()
        let url = folder.url.appendingPathComponent("settings.json")
        let damaged = Data(#"{"nested": {"a": 1}}"#.utf8)
        try damaged.write(to: url)
        let store = FileSettingsStore(url: url)
        #expect(
            store.problem()
                == "the settings in settings.json could not be read (kept as settings.json.damaged); "
                + "settings start again empty (not a JSON object of single values)")
        #expect(store.problem() == nil, "once")
        try store.set(.int(1), for: "a")
        #expect(try store.all() == ["a": .int(1)])
        #expect(try Data(contentsOf: url.appendingPathExtension("damaged")) == damaged, "kept as it was")
    }

    @Test func aSettingsFileThatCannotBeReadIsReportedNotTakenForNoSettings() throws {
        // Given a folder where the settings file should be
        let folder = try ScratchFolder()
        let url = folder.url.appendingPathComponent("settings.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        let store = FileSettingsStore(url: url)
        // Then reading and changing say why in the system's words, and nothing is written
        let unreadable = SettingsError.unreadable(path: "settings.json", reason: "Is a directory")
        #expect(throws: unreadable) { try store.all() }
        #expect(throws: unreadable) { try store.set(.int(1), for: "a") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).isEmpty)
    }

    /// A whole number too large for an integer stayed a number and lost its digits (`1e+23`).
    @Test func aWholeNumberBeyondAnIntegerIsKeptAsTypedNotRounded() {
        #expect(SettingValue(parsing: "99999999999999999999999") == .string("99999999999999999999999"))
        #expect(SettingValue(parsing: "-99999999999999999999999") == .string("-99999999999999999999999"))
        #expect(SettingValue(parsing: "1e23") == .double(1e23))
        #expect(SettingValue(parsing: "-42") == .int(-42) && SettingValue(parsing: "0.5") == .double(0.5))
    }

    @Test(arguments: ["", "../x", "a..b", "1abc", "with space", "é"])
    func badSettingNamesAreRefused(name: String) throws {
        let folder = try ScratchFolder()
        let store = FileSettingsStore(url: folder.url.appendingPathComponent("settings.json"))
        #expect(throws: SettingsError.invalidKey(name)) { try store.set(.bool(true), for: name) }
        #expect(!FileManager.default.fileExists(atPath: store.url.path), "nothing was written")
    }

    @Test func secretsAreWrittenForTheOwnerOnlyAndNeverDescribed() throws {
        let folder = try ScratchFolder()
        let url = folder.url.appendingPathComponent("Library/Keychain/secrets.json")
        let store = FileSecretStore(url: url)
        #expect(try store.secret("session.token") == nil)
        try store.setSecret(Secret("t0ken"), for: "session.token")
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: url.deletingLastPathComponent().path)
        #expect((folderMode[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let secret = try #require(try FileSecretStore(url: url).secret("session.token"))
        #expect(secret.revealed == "t0ken")
        #expect("\(secret)" == "<redacted>" && String(reflecting: secret) == "<redacted>")
        #expect(try store.removeSecret("session.token") && (try store.secret("session.token")) == nil)
    }

    @Test func aSecretsFileOthersMayReadIsRefusedAndLeftAlone() throws {
        let folder = try ScratchFolder()
        let url = folder.url.appendingPathComponent("secrets.json")
        let store = FileSecretStore(url: url)
        try store.setSecret(Secret("t0ken"), for: "session.token")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        let refused = SecretStoreError.unsafeMode(path: "secrets.json", mode: "0644")
        #expect(throws: refused) { try store.secret("session.token") }
        #expect(throws: refused) { try store.setSecret(Secret("other"), for: "session.token") }
        #expect(refused.localizedDescription.contains("0600") && !refused.localizedDescription.contains("t0ken"))
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o644, "the store does not repair it")
    }

    /// A damaged secrets file is set aside once (the session in it is lost, so the user logs in
    /// again); the next secret is kept in a new file, owner-only.
    @Test func aDamagedSecretsFileIsSetAsideOnceAndANewSecretIsKept() throws {
        let folder = try ScratchFolder()
        let url = folder.url.appendingPathComponent("secrets.json")
        #expect(
            FileManager.default.createFile(
                atPath: url.path, contents: Data("garbage".utf8), attributes: [.posixPermissions: 0o600]))
        let store = FileSecretStore(url: url)
        let warning = "the secret store in secrets.json could not be read (kept as secrets.json.damaged); log in again"
        #expect(throws: SecretStoreError.setAside(warning)) { try store.secret("session.token") }
        #expect(try store.secret("session.token") == nil)
        try store.setSecret(Secret("t0ken"), for: "session.token")
        #expect(try store.secret("session.token")?.revealed == "t0ken")
        let kept = url.appendingPathExtension("damaged")
        #expect(try Data(contentsOf: kept) == Data("garbage".utf8))
        #expect(
            (try FileManager.default.attributesOfItem(atPath: kept.path)[.posixPermissions] as? NSNumber)?.intValue
                == 0o600)
    }

    @Test func theBackupLeavesTheKeychainOnTheDevice() throws {
        let folder = try ScratchFolder()
        let container = AppContainer(root: folder.url)
        try container.prepare()
        try FileSecretStore(url: container.keychain.appendingPathComponent("secrets.json")).setSecret(
            Secret("t0ken"), for: "session.token")
        try FileSettingsStore(url: container.preferences.appendingPathComponent("app.json")).set(.int(1), for: "a")
        let manifest = try AppSandbox(container: container).backupManifest()
        #expect(manifest.contains("Library/Preferences/app.json"))
        #expect(!manifest.contains { $0.hasPrefix("Library/Keychain") })
    }
}
