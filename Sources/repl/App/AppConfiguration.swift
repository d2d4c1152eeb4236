import Configuration
import DemoBackend
import Domain
import Foundation
import Logging
import StrataData
import Synchronization
import SystemPackage

/// The app's build configuration, read with swift-configuration from, highest precedence first:
/// command-line flags, `STRATA_…` environment variables, the named profile
/// (`Sources/repl/Configurations/NAME.json`, the xcconfig idea) and built-in defaults.
nonisolated struct AppConfiguration: Sendable, Equatable {
    /// How requests to plain-HTTP servers are treated.
    enum TransportPolicy: String, Sendable, CaseIterable {
        /// Plain HTTP to loopback and the listed hosts.
        case development
        /// No plain HTTP at all, loopback included (App Transport Security's default).
        case production
    }

    /// One value and where it came from, for `config show`.
    struct Entry: Sendable, Equatable {
        /// The key, dotted (`http.timeout`).
        let key: String
        /// The value as text.
        let value: String
        /// Where it came from (`--timeout`, `STRATA_HTTP_TIMEOUT`, `Configurations/dev.json`, `built-in default`).
        let origin: String
    }

    /// The profiles in the repository, in the order `config show` lists them.
    static let profiles = ["dev", "staging", "release"]

    /// The profile's name.
    var name: String
    /// The API server; `nil` starts the embedded demo server.
    var apiRoot: URL?
    /// Hosts plain HTTP may reach besides loopback (development only).
    var allowedHTTPHosts: [String]
    /// Seconds one operation may take.
    var timeout: Double
    /// Plain HTTP rules.
    var transportPolicy: TransportPolicy
    /// The app's memory tier per data source (an extension gets an eighth).
    var memoryLimits: MemoryCacheLimits
    /// The lowest log level written.
    var logLevel: Logger.Level
    /// The app's bundle identifier.
    var bundleIdentifier: String
    /// The folder of the app's container under `$XDG_DATA_HOME` when no `--home` is given: one per
    /// configuration, so dev and release builds keep apart, as two bundle identifiers on a phone do.
    var containerFolder: String
    /// Whether the embedded demo server wants a signed-in user for writes.
    var serverSignIn: DemoBackend.SignInPolicy
    /// Whether the app follows the server's live socket while it is on screen.
    var liveUpdates: Bool
    /// Whether the app sends its push token to the server after launch.
    var pushRegistration: Bool
    /// The APNs environment the build's tokens come from (its `aps-environment` entitlement).
    var pushEnvironment: APNsEnvironment
    /// Every value with its origin, in key order.
    var entries: [Entry]

    /// The transport rules for this configuration.
    var transportSecurity: TransportSecurity {
        switch transportPolicy {
        case .production: return .production
        case .development:
            return allowedHTTPHosts.reduce(TransportSecurity.development) { $0.allowingHTTP(to: $1) }
        }
    }
}

extension AppConfiguration {
    /// Why a configuration cannot be used: one line naming where, which key and which value.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// The values the command line gave (each `nil` when its flag was not used).
    struct Flags: Sendable {
        var remote: String?
        var allowHTTP: [String] = []
        var timeout: Double?
        var logLevel: String?
        var serverSignIn: String?
        var liveUpdates: String?
        var pushRegistration: String?
    }

    /// Reads the profile `name` under `flags` and `environment`.
    static func load(
        name: String, flags: Flags, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(Failure) -> AppConfiguration {
        guard profiles.contains(name), let file = profileURL(name) else {
            throw Failure(message: "unknown configuration '\(name)' (expected \(profiles.joined(separator: ", ")))")
        }
        return try await load(profile: file, name: name, flags: flags, environment: environment)
    }

    /// Reads the profile in `file` (tests hand it damaged ones) under `flags` and `environment`.
    static func load(
        profile file: URL, name: String, flags: Flags, environment: [String: String]
    ) async throws(Failure) -> AppConfiguration {
        let fileLabel = "Configurations/\(file.lastPathComponent)"
        let fileValues = try checkKeys(of: file, label: fileLabel)
        let variables = strataVariables(environment)
        let recorder = OriginRecorder()
        let reader: ConfigReader
        do {
            reader = ConfigReader(
                providers: [
                    InMemoryProvider(name: "flags", values: flagValues(flags)),
                    EnvironmentVariablesProvider(environmentVariables: variables),
                    try await FileProvider<JSONSnapshot>(filePath: FilePath(file.path)),
                    InMemoryProvider(name: "defaults", values: defaults),
                ], accessReporter: recorder)
        } catch {
            throw Failure(message: "\(fileLabel) cannot be read: \(error)")
        }
        let origins = ["--flag", "environment", fileLabel, "built-in default"]
        var values = Values(
            reader: reader, recorder: recorder, origins: origins, fileValues: fileValues, variables: variables)
        let configuration = try values.resolve(name: name)
        return configuration
    }

    /// The profile's file among the app's resources.
    static func profileURL(_ name: String) -> URL? {
        Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Configurations")
    }

    /// `text` as a server's root: an absolute http or https URL with a host, and a port, when it
    /// names one, that TCP has (SwiftNIO traps on a larger one); `nil` for anything else.
    ///
    /// A user, password, query or fragment is refused too: requests would drop them, and
    /// `config show` would print a password (`login NAME` signs in).
    nonisolated static func serverRoot(_ text: String) -> URL? {
        guard let url = URL(string: text), url.host() != nil, ["http", "https"].contains(url.scheme ?? ""),
            (1...65_535).contains(url.port ?? 80),
            url.user == nil, url.password == nil, url.query == nil, url.fragment == nil
        else { return nil }
        return url
    }
}

// MARK: - Private

extension AppConfiguration {
    /// Every key a profile may set, with the flag or environment variable that overrides it.
    static let keys: [(key: String, flag: String?)] = [
        ("api.root", "--remote"), ("bundle.identifier", nil), ("cache.memoryBytes", nil), ("container.folder", nil),
        ("cache.memoryEntries", nil), ("http.allowedHosts", "--allow-http"), ("http.timeout", "--timeout"),
        ("live.updates", "--live-updates"), ("log.level", "--log-level"), ("push.environment", nil),
        ("push.registration", "--push-registration"),
        ("server.signIn", "--server-sign-in"), ("transport.policy", nil),
    ]

    /// What applies when nothing else sets a key.
    private static let defaults: [AbsoluteConfigKey: ConfigValue] = [
        "api.root": ConfigValue(.string(""), isSecret: false),
        "bundle.identifier": ConfigValue(.string("com.strata.app.dev"), isSecret: false),
        "cache.memoryBytes": ConfigValue(.int(32 * 1_048_576), isSecret: false),
        "cache.memoryEntries": ConfigValue(.int(1_000), isSecret: false),
        "container.folder": ConfigValue(.string("strata"), isSecret: false),
        "http.allowedHosts": ConfigValue(.stringArray([]), isSecret: false),
        "http.timeout": ConfigValue(.double(10), isSecret: false),
        "live.updates": ConfigValue(.string("on"), isSecret: false),
        "log.level": ConfigValue(.string("warning"), isSecret: false),
        "push.environment": ConfigValue(.string("sandbox"), isSecret: false),
        "push.registration": ConfigValue(.string("on"), isSecret: false),
        "server.signIn": ConfigValue(.string("required"), isSecret: false),
        "transport.policy": ConfigValue(.string("development"), isSecret: false),
    ]

    private static func flagValues(_ flags: Flags) -> [AbsoluteConfigKey: ConfigValue] {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        if let remote = flags.remote { values["api.root"] = ConfigValue(.string(remote), isSecret: false) }
        if !flags.allowHTTP.isEmpty {
            values["http.allowedHosts"] = ConfigValue(.stringArray(flags.allowHTTP), isSecret: false)
        }
        if let timeout = flags.timeout { values["http.timeout"] = ConfigValue(.double(timeout), isSecret: false) }
        if let level = flags.logLevel { values["log.level"] = ConfigValue(.string(level), isSecret: false) }
        if let signIn = flags.serverSignIn {
            values["server.signIn"] = ConfigValue(.string(signIn), isSecret: false)
        }
        if let live = flags.liveUpdates { values["live.updates"] = ConfigValue(.string(live), isSecret: false) }
        if let push = flags.pushRegistration {
            values["push.registration"] = ConfigValue(.string(push), isSecret: false)
        }
        return values
    }

    /// `STRATA_HTTP_TIMEOUT=5` becomes `HTTP_TIMEOUT=5`, which the environment provider reads as
    /// `http.timeout`; other variables are not configuration.
    private static func strataVariables(_ environment: [String: String]) -> [String: String] {
        var variables: [String: String] = [:]
        for (name, value) in environment where name.hasPrefix("STRATA_") {
            variables[String(name.dropFirst(7))] = value
        }
        return variables
    }

    /// Refuses a profile that is not a JSON object or sets a key nothing reads (a typo would
    /// otherwise fall back to the default without a word); returns its values by dotted key.
    private static func checkKeys(of file: URL, label: String) throws(Failure) -> [String: String] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: try Data(contentsOf: file))
        } catch {
            throw Failure(message: "\(label) is not valid JSON")
        }
        guard let root = object as? [String: Any] else { throw Failure(message: "\(label) is not a JSON object") }
        let known = Set(keys.map(\.key))
        var values: [String: String] = [:]
        for (key, value) in flattened(root, prefix: "") {
            guard known.contains(key) else { throw Failure(message: "\(label): unknown key '\(key)' (value \(value))") }
            values[key] = "\(value)"
        }
        return values
    }

    private static func flattened(_ object: [String: Any], prefix: String) -> [(String, Any)] {
        object.keys.sorted().flatMap { name -> [(String, Any)] in
            let key = prefix.isEmpty ? name : prefix + "." + name
            if let nested = object[name] as? [String: Any] { return flattened(nested, prefix: key) }
            return [(key, object[name] ?? "")]
        }
    }
}
