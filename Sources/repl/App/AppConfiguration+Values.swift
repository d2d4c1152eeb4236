import Configuration
import DemoBackend
import Domain
import Foundation
import Logging
import StrataData
import Synchronization

extension AppConfiguration {
    /// Reads each key and checks its value, naming the source of a bad one.
    struct Values {
        let reader: ConfigReader
        let recorder: OriginRecorder
        let origins: [String]
        /// The profile's values and the `STRATA_` variables as written, to quote a bad one.
        let fileValues: [String: String]
        let variables: [String: String]
        var entries: [String: Entry] = [:]

        mutating func resolve(name: String) throws(Failure) -> AppConfiguration {
            let root = try string("api.root")
            var apiRoot: URL?
            if !root.isEmpty {
                guard let url = AppConfiguration.serverRoot(root) else {
                    throw bad(
                        "api.root", root,
                        "an absolute http or https URL (no user, query or fragment), or empty for the embedded server")
                }
                apiRoot = url
            }
            let hosts = try strings("http.allowedHosts")
            let timeout = try double("http.timeout")
            guard timeout > 0, timeout <= 600 else {
                throw bad("http.timeout", "\(timeout)", "seconds between 0 and 600")
            }
            let policyText = try string("transport.policy")
            guard let policy = TransportPolicy(rawValue: policyText) else {
                throw bad("transport.policy", policyText, "development or production")
            }
            let entriesLimit = try int("cache.memoryEntries")
            let bytesLimit = try int("cache.memoryBytes")
            guard entriesLimit >= 0 else { throw bad("cache.memoryEntries", "\(entriesLimit)", "a count of 0 or more") }
            guard bytesLimit >= 0 else { throw bad("cache.memoryBytes", "\(bytesLimit)", "a size of 0 or more") }
            let levelText = try string("log.level")
            guard let level = Logger.Level(rawValue: levelText) else {
                throw bad("log.level", levelText, "trace, debug, info, notice, warning, error or critical")
            }
            let signInText = try string("server.signIn")
            guard let signIn = DemoBackend.SignInPolicy(rawValue: signInText) else {
                throw bad("server.signIn", signInText, "required or open")
            }
            let liveText = try string("live.updates")
            guard ["on", "off"].contains(liveText) else { throw bad("live.updates", liveText, "on or off") }
            let pushText = try string("push.registration")
            guard ["on", "off"].contains(pushText) else { throw bad("push.registration", pushText, "on or off") }
            let environmentText = try string("push.environment")
            guard let pushEnvironment = APNsEnvironment(rawValue: environmentText) else {
                throw bad("push.environment", environmentText, "sandbox or production")
            }
            let bundle = try string("bundle.identifier")
            guard !bundle.isEmpty, bundle.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else {
                throw bad("bundle.identifier", bundle, "a reverse-DNS name such as com.example.app")
            }
            let folder = try string("container.folder")
            guard !folder.isEmpty, !folder.hasPrefix("."), folder.count <= 100,
                folder.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
            else { throw bad("container.folder", folder, "a folder name of letters, digits, '.', '_' and '-'") }
            return AppConfiguration(
                name: name, apiRoot: apiRoot, allowedHTTPHosts: hosts, timeout: timeout, transportPolicy: policy,
                memoryLimits: MemoryCacheLimits(countLimit: entriesLimit, costLimit: bytesLimit), logLevel: level,
                bundleIdentifier: bundle, containerFolder: folder, serverSignIn: signIn, liveUpdates: liveText == "on",
                pushRegistration: pushText == "on", pushEnvironment: pushEnvironment,
                entries: entries.keys.sorted().compactMap { entries[$0] })
        }

        private mutating func string(_ key: String) throws(Failure) -> String {
            let value = reader.string(forKey: ConfigKey(key.split(separator: ".").map(String.init)))
            return try record(key, value) { $0 }
        }

        private mutating func strings(_ key: String) throws(Failure) -> [String] {
            let value = reader.stringArray(forKey: ConfigKey(key.split(separator: ".").map(String.init)))
            return try record(key, value) { $0.joined(separator: ",") }
        }

        private mutating func double(_ key: String) throws(Failure) -> Double {
            let value = reader.double(forKey: ConfigKey(key.split(separator: ".").map(String.init)))
            return try record(key, value) { value in
                value.rounded() == value ? String(Int(value)) : String(value)
            }
        }

        private mutating func int(_ key: String) throws(Failure) -> Int {
            let value = reader.int(forKey: ConfigKey(key.split(separator: ".").map(String.init)))
            return try record(key, value) { String($0) }
        }

        /// Stores the value's origin; a value that is there but not of the key's type is an error
        /// naming its source.
        private mutating func record<Value>(
            _ key: String, _ value: Value?, text: (Value) -> String
        ) throws(Failure) -> Value {
            let origin = recorder.origin(of: key, labels: origins, flag: flag(for: key))
            guard let value else {
                throw Failure(message: "\(unreadable(key, provider: origin.index)), which is not \(kind(of: key))")
            }
            entries[key] = Entry(key: key, value: text(value), origin: origin.label)
            return value
        }

        /// "STRATA_HTTP_TIMEOUT sets http.timeout to 'abc'" for the provider whose value did not convert.
        private func unreadable(_ key: String, provider: Int) -> String {
            let squashed = key.replacingOccurrences(of: ".", with: "").lowercased()
            if provider == 1,
                let (name, raw) = variables.first(where: {
                    $0.key.replacingOccurrences(of: "_", with: "").lowercased() == squashed
                })
            {
                return "STRATA_\(name) sets \(key) to '\(raw)'"
            }
            return "\(origins[min(provider, origins.count - 1)]) sets \(key) to '\(fileValues[key] ?? "?")'"
        }

        private func flag(for key: String) -> String? {
            AppConfiguration.keys.first { $0.key == key }?.flag
        }

        private func kind(of key: String) -> String {
            switch key {
            case "http.timeout": "a number of seconds"
            case "cache.memoryBytes", "cache.memoryEntries": "a whole number"
            case "http.allowedHosts": "a list of host names"
            default: "text"
            }
        }

        private func bad(_ key: String, _ value: String, _ expected: String) -> Failure {
            let label = entries[key]?.origin ?? recorder.origin(of: key, labels: origins, flag: flag(for: key)).label
            return Failure(message: "\(label) sets \(key) to '\(value)'; expected \(expected)")
        }
    }
}

/// Remembers, for every key read, which provider answered: `config show` says where each value
/// came from, and an error names the source of a bad value.
nonisolated final class OriginRecorder: AccessReporter, Sendable {
    private let events = Mutex<[String: AccessEvent]>([:])

    func report(_ event: AccessEvent) {
        events.withLock { $0[event.metadata.key.components.joined(separator: ".")] = event }
    }

    /// The first provider that had a value for `key`, as a label; an environment variable is
    /// named as it is set (`STRATA_HTTP_TIMEOUT`), a flag by its name.
    func origin(of key: String, labels: [String], flag: String?) -> (index: Int, label: String) {
        guard let event = events.withLock({ $0[key] }) else { return (labels.count - 1, labels[labels.count - 1]) }
        for (index, result) in event.providerResults.enumerated() {
            // A value that did not convert ends the lookup too: it is the source to blame.
            if case .failure = result.result { return (index, labels[min(index, labels.count - 1)]) }
            guard case .success(let lookup) = result.result, lookup.value != nil else { continue }
            switch index {
            case 0: return (index, flag ?? labels[index])
            case 1: return (index, "STRATA_" + lookup.encodedKey)
            default: return (index, labels[min(index, labels.count - 1)])
            }
        }
        return (labels.count - 1, labels[labels.count - 1])
    }
}
