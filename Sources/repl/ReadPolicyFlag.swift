import Domain

/// The `--policy` flag shared by every reading command.
enum ReadPolicyFlag {
    /// The flag's spec.
    static let spec = FlagSpec(
        name: "--policy", valueName: "POLICY", help: "Where to read from",
        allowedValues: ReadPolicy.allCases.map(\.rawValue)
    )

    /// The policy given on the line, `cache-first` by default.
    static func policy(_ arguments: ParsedArguments) -> ReadPolicy {
        arguments.flag(spec.name).flatMap(ReadPolicy.init(rawValue:)) ?? .cacheFirst
    }
}
