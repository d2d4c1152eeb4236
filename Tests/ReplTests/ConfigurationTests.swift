import DemoBackend
import Foundation
import Logging
import StrataData
import TestSupport
import Testing

@testable import repl

/// The configurations: profiles in the repository, overridden by environment variables and flags,
/// each bad value one line naming where it came from.
@Suite("Configurations")
struct ConfigurationTests {
    @Test func eachProfileLoadsAndReleaseUsesTheProductionTransportRules() async throws {
        let dev = try await AppConfiguration.load(name: "dev", flags: .init(), environment: [:])
        #expect(
            dev.apiRoot == nil && dev.transportPolicy == .development && dev.bundleIdentifier == "com.strata.app.dev")
        let staging = try await AppConfiguration.load(name: "staging", flags: .init(), environment: [:])
        #expect(staging.apiRoot?.absoluteString == "http://127.0.0.1:8080")
        let release = try await AppConfiguration.load(name: "release", flags: .init(), environment: [:])
        #expect(release.transportPolicy == .production && release.transportSecurity == .production)
        #expect(release.apiRoot?.scheme == "https")
        #expect(release.transportSecurity.violation(for: URL(string: "http://127.0.0.1:9")!) != nil)
    }

    @Test func flagsBeatTheEnvironmentWhichBeatsTheProfileWhichBeatsTheDefaults() async throws {
        let environment = [
            "STRATA_HTTP_TIMEOUT": "12", "STRATA_LOG_LEVEL": "info", "PATH": "/bin", "HTTP_TIMEOUT": "1",
        ]
        let configuration = try await AppConfiguration.load(
            name: "dev", flags: .init(logLevel: "debug"), environment: environment)
        #expect(configuration.timeout == 12, "the environment beats the profile")
        #expect(configuration.logLevel == .debug, "a flag beats the environment")
        let origins = Dictionary(uniqueKeysWithValues: configuration.entries.map { ($0.key, $0.origin) })
        #expect(origins["http.timeout"] == "STRATA_HTTP_TIMEOUT")
        #expect(origins["log.level"] == "--log-level")
        #expect(origins["bundle.identifier"] == "Configurations/dev.json")
        // A profile without a key gets the built-in default
        let folder = try ScratchFolder()
        defer { withExtendedLifetime(folder) {} }
        let sparse = try Self.profile(#"{"api": {"root": ""}}"#, in: folder)
        let fallback = try await AppConfiguration.load(profile: sparse, name: "dev", flags: .init(), environment: [:])
        #expect(fallback.timeout == 10)
        #expect(fallback.entries.first { $0.key == "http.timeout" }?.origin == "built-in default")
    }

    @Test func anExtensionGetsAFractionOfTheConfiguredCaches() async throws {
        let configuration = try await AppConfiguration.load(name: "dev", flags: .init(), environment: [:])
        #expect(RunContext.app.memoryLimits(app: configuration.memoryLimits) == .forContext(.mainApp))
        #expect(RunContext.extension.memoryLimits(app: configuration.memoryLimits) == .forContext(.appExtension))
    }

    @Test(
        arguments: [
            (#"{"http": {"timout": 5}}"#, [:], "Configurations/bad.json: unknown key 'http.timout' (value 5)"),
            (
                #"{"http": {"timeout": "soon"}}"#, [:],
                "Configurations/bad.json sets http.timeout to 'soon', which is not a number of seconds"
            ),
            (
                #"{"transport": {"policy": "open"}}"#, [:],
                "Configurations/bad.json sets transport.policy to 'open'; expected development or production"
            ),
            (
                "{}", ["STRATA_CACHE_MEMORY_BYTES": "big"],
                "STRATA_CACHE_MEMORY_BYTES sets cache.memoryBytes to 'big', which is not a whole number"
            ),
            (
                "{}", ["STRATA_API_ROOT": "ftp://x"],
                "STRATA_API_ROOT sets api.root to 'ftp://x'; expected an absolute http or https URL (no user, query "
                    + "or fragment), or empty for the embedded server"
            ),
            ("[1, 2]", [:], "Configurations/bad.json is not a JSON object"),
            ("{", [:], "Configurations/bad.json is not valid JSON"),
        ] as [(String, [String: String], String)])
    func aBadValueIsOneLineNamingItsSourceKeyAndValue(json: String, environment: [String: String], message: String)
        async throws
    {
        let folder = try ScratchFolder()
        defer { withExtendedLifetime(folder) {} }
        let file = try Self.profile(json, in: folder)
        await #expect(throws: AppConfiguration.Failure(message: message)) {
            try await AppConfiguration.load(profile: file, name: "bad", flags: .init(), environment: environment)
        }
    }

    @Test func anUnknownConfigurationNamesTheOnesThereAre() async {
        await #expect(
            throws: AppConfiguration.Failure(message: "unknown configuration 'prod' (expected dev, staging, release)")
        ) {
            try await AppConfiguration.load(name: "prod", flags: .init(), environment: [:])
        }
    }

    @Test func releaseRefusesToStartAgainstPlainHTTPNamingTheRule() async throws {
        let run = try await ReplProcess.built().run(
            ["--config", "release", "--remote", "http://127.0.0.1:9"], input: Data("quit\n".utf8))
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: the release configuration uses the production transport policy: no plain HTTP, loopback "
                + "included, so it cannot start against http://127.0.0.1:9 (use https)\n")
        let exception = try await ReplProcess.built().run(
            ["--config", "release", "--allow-http", "example.com", "--remote", "https://api.strata.example"],
            input: Data("quit\n".utf8))
        #expect(exception.status == 1 && exception.stderr.contains("allows no plain-HTTP exceptions"))
        let bad = try await ReplProcess.built().run(
            ["--config", "dev"], input: Data("quit\n".utf8), environment: ["STRATA_HTTP_TIMEOUT": "abc"])
        #expect(
            bad.status == 1
                && bad.stderr
                    == "error: configuration: STRATA_HTTP_TIMEOUT sets http.timeout to 'abc', which is not a number of "
                    + "seconds\n"
        )
    }

    @Test func devAndReleaseRunSideBySideInContainersOfTheirOwn() async throws {
        // As two bundle identifiers on one phone: each configuration's default home is its own.
        let data = try ScratchFolder()
        let server = try DemoBackend(
            data: data.url.appendingPathComponent("server"), sharing: .exclusive, now: { Date() }, signIn: .open)
        let url = try await server.start()
        let environment = [
            "XDG_DATA_HOME": data.url.path, "STRATA_API_ROOT": url.absoluteString,
            // The release build's transport rules refuse plain HTTP; this test's server speaks it on loopback.
            "STRATA_TRANSPORT_POLICY": "development",
        ]
        let repl = ReplProcess.built()
        async let dev = repl.run(
            lines: ["docs new 'Made in dev'", "settings set theme dark"], arguments: ["--config", "dev"],
            environment: environment)
        async let release = repl.run(
            lines: ["settings set theme light"], arguments: ["--config", "release"], environment: environment)
        let (devRun, releaseRun) = try await (dev, release)
        await server.stop()
        #expect(devRun.status == 0 && releaseRun.status == 0, "\(devRun.stderr)\(releaseRun.stderr)")
        let devHome = data.url.appendingPathComponent("strata")
        let releaseHome = data.url.appendingPathComponent("strata-release")
        let devSettings = devHome.appendingPathComponent("Library/Preferences/com.strata.app.dev.plist")
        let releaseSettings = releaseHome.appendingPathComponent("Library/Preferences/com.strata.app.plist")
        #expect(try String(contentsOf: devSettings, encoding: .utf8).contains("dark"))
        #expect(try String(contentsOf: releaseSettings, encoding: .utf8).contains("light"))
        #expect(
            !FileManager.default.fileExists(
                atPath: devHome.appendingPathComponent("Library/Preferences/com.strata.app.plist").path))
        let local = try await repl.run(
            lines: ["docs list --policy local-only"], arguments: ["--config", "release"], environment: environment)
        #expect(!local.stdout.contains("Made in dev"), "release's database is its own")
    }

    @Test func aContainerFolderThatLeavesTheDataFolderIsRefused() async throws {
        for folder in ["../elsewhere", ".hidden", "a/b", ""] {
            let failure = await #expect(throws: AppConfiguration.Failure.self) {
                try await AppConfiguration.load(
                    name: "dev", flags: .init(), environment: ["STRATA_CONTAINER_FOLDER": folder])
            }
            #expect(failure?.message.hasPrefix("STRATA_CONTAINER_FOLDER sets container.folder to") == true)
        }
    }

    /// A profile file named bad.json holding `json`, in `folder` (removed with it).
    private static func profile(_ json: String, in folder: ScratchFolder) throws -> URL {
        let file = folder.url.appendingPathComponent("bad.json")
        try Data(json.utf8).write(to: file)
        return file
    }
}
