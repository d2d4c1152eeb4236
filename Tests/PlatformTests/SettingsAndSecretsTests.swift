import Foundation
import Platform
import TestSupport
import Testing

@Suite("Settings and secrets")
@MainActor
struct SettingsAndSecretsTests {
    @Test func settingsKeepTheirTypesAcrossStores() throws {
        let folder = try ScratchFolder()
        let url = folder.url.appendingPathComponent("Library/Preferences/com.example.plist")
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

    /// A number typed with a fraction stays a double after a relaunch, a whole one an int: the
    /// JSON file read `2.0` back as the int 2, since Foundation writes it as `2`.
    @Test(arguments: ["2.0", "-3.0", "1e3", "0.5", "50", "0", "true", "2.0x"])
    func aValueKeepsItsTypeAfterARelaunch(typed: String) throws {
        let folder = try ScratchFolder()
        let url = folder.url.appendingPathComponent("com.example.plist")
        try FileSettingsStore(url: url).set(SettingValue(parsing: typed), for: "value")
        #expect(try FileSettingsStore(url: url).value(for: "value") == SettingValue(parsing: typed))
    }

    /// The settings an earlier build kept as JSON under the same name are read, each number by the
    /// type its text gives, and move to the property list with the first change.
    @Test func settingsAnEarlierBuildKeptAsJSONMoveToThePropertyList() throws {
        let folder = try ScratchFolder()
        let url = folder.url.appendingPathComponent("com.example.plist")
        let earlier = folder.url.appendingPathComponent("com.example.json")
        try Data(#"{"sync.onLaunch": true, "list.pageSize": 50, "ratio": 0.5, "scale": 2.0, "greeting": "Hi"}"#.utf8)
            .write(to: earlier)
        let kept: [String: SettingValue] = [
            "sync.onLaunch": .bool(true), "list.pageSize": .int(50), "ratio": .double(0.5), "scale": .double(2),
            "greeting": .string("Hi"),
        ]
        let store = FileSettingsStore(url: url)
        #expect(try store.all() == kept)
        try store.set(.int(1), for: "a")
        #expect(!FileManager.default.fileExists(atPath: earlier.path), "the earlier file is gone")
        #expect(try FileSettingsStore(url: url).all() == kept.merging(["a": .int(1)]) { $1 })
    }

    /// A damaged file is set aside whole and said so once, an earlier build's JSON file alike.
    ///
    /// The settings then start empty and work, and the copy is never written over.
    @Test(arguments: [
        ("settings.plist", "<plist><dict><key>nested</key><dict/></dict></plist>", "property list"),
        ("settings.json", #"{"nested": {"a": 1}}"#, "JSON object"),
    ])
    func aDamagedSettingsFileIsSetAsideOnceAndNeverOverwritten(name: String, text: String, kind: String) throws {
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent(name)
        let damaged = Data(text.utf8)
        try damaged.write(to: file)
        let store = FileSettingsStore(url: folder.url.appendingPathComponent("settings.plist"))
        #expect(
            store.problem()
                == "the settings in \(name) could not be read (kept as \(name).damaged); "
                + "settings start again empty (not a \(kind) of single values)")
        #expect(store.problem() == nil, "once")
        try store.set(.int(1), for: "a")
        #expect(try store.all() == ["a": .int(1)])
        #expect(try Data(contentsOf: file.appendingPathExtension("damaged")) == damaged, "kept as it was")
    }

    @Test func aSettingsFileThatCannotBeReadIsReportedNotTakenForNoSettings() throws {
        // Given a folder where the settings file should be
        let folder = try ScratchFolder()
        let url = folder.url.appendingPathComponent("settings.plist")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        let store = FileSettingsStore(url: url)
        // Then reading and changing say why in the system's words, and nothing is written
        let unreadable = SettingsError.unreadable(path: "settings.plist", reason: "Is a directory")
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
        let store = FileSettingsStore(url: folder.url.appendingPathComponent("settings.plist"))
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
        try FileSettingsStore(url: container.preferences.appendingPathComponent("app.plist")).set(.int(1), for: "a")
        let manifest = try AppSandbox(container: container).backupManifest()
        #expect(manifest.contains("Library/Preferences/app.plist"))
        #expect(!manifest.contains { $0.hasPrefix("Library/Keychain") })
    }
}
