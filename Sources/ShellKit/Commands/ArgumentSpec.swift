/// A positional argument of a command.
public struct ArgumentSpec: Sendable {
    /// The placeholder shown in usage, such as `ID`.
    public let name: String
    /// Whether the argument may be left out.
    public var isOptional: Bool
    /// Whether the argument takes every remaining word, joined by spaces.
    public var takesRest: Bool
    /// What Tab offers for the argument.
    public var completion: ArgumentCompletion

    /// Describes a positional argument.
    public init(
        name: String, isOptional: Bool = false, takesRest: Bool = false, completion: ArgumentCompletion = .none
    ) {
        self.name = name
        self.isOptional = isOptional
        self.takesRest = takesRest
        self.completion = completion
    }

    /// How the argument appears in a usage line.
    public var usage: String {
        let shown = takesRest ? "\(name)..." : name
        return isOptional ? "[\(shown)]" : shown
    }
}

/// What Tab completion offers for a positional argument.
public indirect enum ArgumentCompletion: Equatable, Sendable {
    /// Nothing: free text.
    case none
    /// One of these words.
    case values([String])
    /// Words an app-defined source lists when Tab is pressed (stored identifiers, open windows).
    case source(CompletionSource)
    /// Paths of files and folders.
    case file
    /// What the word of the argument before picks (`scene open editor ID` offers documents,
    /// `scene open user ID` users); nothing for a word it does not name.
    case chosenByPrevious([String: ArgumentCompletion])
    /// The words of the source a flag typed before the argument names: `prefix` and the flag's
    /// value (`--collection trips` with prefix `items:` names the source `items:trips`); when the
    /// flag is not there yet, what `otherwise` offers.
    case namedByFlag(String, prefix: String, otherwise: ArgumentCompletion)
}

/// A named list of words the app supplies to the completer, such as the identifiers stored on
/// this device.
public struct CompletionSource: Hashable, Sendable {
    /// The source's name, unique within the app.
    public let name: String

    /// A source with this name.
    public init(_ name: String) {
        self.name = name
    }
}

/// A `--flag` of a command, with or without a value.
public struct FlagSpec: Sendable {
    /// The flag as typed, such as `--body`.
    public let name: String
    /// The placeholder for its value, or `nil` for a switch.
    public var valueName: String?
    /// What the flag does.
    public let help: String
    /// Whether the flag may be given more than once.
    public var isRepeatable: Bool
    /// The only values allowed, when the flag takes one of a fixed set.
    public var allowedValues: [String]
    /// Whether the command cannot run without the flag; its usage shows it without brackets.
    public private(set) var isRequired = false
    /// What Tab offers for the flag's value when it has no ``allowedValues``.
    public private(set) var completion = ArgumentCompletion.none

    /// Describes a flag.
    public init(
        name: String, valueName: String? = nil, help: String, isRepeatable: Bool = false, allowedValues: [String] = []
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.isRepeatable = isRepeatable
        self.allowedValues = allowedValues
    }

    /// The same flag, needed by the command when `isRequired` is true (`new` needs a field that
    /// `edit` leaves as it is).
    public func required(_ isRequired: Bool) -> FlagSpec {
        var flag = self
        flag.isRequired = isRequired
        return flag
    }

    /// The same flag, its value completed by Tab from `completion` (a value the app knows only
    /// at run time, such as the collections it syncs).
    public func completing(_ completion: ArgumentCompletion) -> FlagSpec {
        var flag = self
        flag.completion = completion
        return flag
    }

    /// How the flag appears in a usage line.
    public var usage: String {
        let body = valueName.map { "\(name) \($0)" } ?? name
        switch (isRequired, isRepeatable) {
        case (true, true): return "\(body)..."
        case (true, false): return body
        case (false, true): return "[\(body)]..."
        case (false, false): return "[\(body)]"
        }
    }
}
