import Domain
import ShellKit

/// The `--policy` flag shared by every reading command.
enum ReadPolicyFlag {
    /// The flag's spec.
    static let spec = FlagSpec(
        name: "--policy", valueName: "POLICY", help: "Where to read from",
        allowedValues: ReadPolicy.allCases.map(\.rawValue)
    )
}

extension ParsedArguments {
    /// The policy given with `--policy`, `cache-first` by default.
    var readPolicy: ReadPolicy {
        flag(ReadPolicyFlag.spec.name).flatMap(ReadPolicy.init(rawValue:)) ?? .cacheFirst
    }
}
