/// The two words a command takes to turn something on or off (`trace on`, `device charging off`).
///
/// Read with ``ParsedArguments/choice(_:as:label:)``, so every such command refuses another word
/// with the same sentence.
public enum Switch: String, CaseIterable, Sendable {
    case on
    case off

    /// Whether the word turns the thing on.
    public var isOn: Bool { self == .on }

    /// What Tab offers for an argument that takes one.
    public static var completion: ArgumentCompletion { .values(allCases.map(\.rawValue)) }
}
