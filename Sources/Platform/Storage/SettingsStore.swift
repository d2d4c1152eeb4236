public import Foundation

/// A small typed value kept in the settings store, as `UserDefaults` keeps property-list values.
nonisolated public enum SettingValue: Codable, Equatable, Sendable, CustomStringConvertible {
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// Text.
    case string(String)

    /// The value as the user types it: `true` and `false` are booleans, whole numbers are ints,
    /// other numbers doubles, anything else text.
    public init(parsing text: String) {
        if let bool = Bool(text) {
            self = .bool(bool)
        } else if let int = Int(text) {
            self = .int(int)
        } else if let double = Double(text), double.isFinite, !Self.isWholeNumber(text[...]) {
            self = .double(double)
        } else {
            self = .string(text)
        }
    }

    /// Whether `text` is digits alone, signed or not: one too large for `Int` is kept as text,
    /// since a `Double` would keep only its first 17 digits.
    private static func isWholeNumber(_ text: Substring) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Decodes a JSON scalar, trying the narrowest type first.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// Encodes the bare JSON scalar.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }

    /// The value as text.
    public var description: String {
        switch self {
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): value
        }
    }

    /// The type's name, for listings.
    public var typeName: String {
        switch self {
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        }
    }
}

/// Why the settings could not be read or changed.
nonisolated public enum SettingsError: Error, Equatable, Sendable, LocalizedError {
    /// The file is there but cannot be read at all (a folder in its place, a read error); it is
    /// left as it is.
    case unreadable(path: String, reason: String)
    /// The file was not a JSON object of single values: it was set aside (``DamagedFile``), the
    /// settings are empty from now on, and this is the warning once.
    case setAside(String)
    /// A key that is not a dotted name of letters and digits.
    case invalidKey(String)
    /// A value too large to be a small setting.
    case tooLarge(key: String, bytes: Int)
    /// The file could not be written.
    case writeFailed(String)

    /// A one-line description.
    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason): "The settings file \(path) cannot be read: \(reason)"
        case .setAside(let warning): warning
        case .invalidKey(let key): "invalid setting name '\(key)' (letters, digits and dots, starting with a letter)"
        case .tooLarge(let key, let bytes):
            "the value of '\(key)' is \(bytes) bytes; settings hold small values (at most 1024 bytes)"
        case .writeFailed(let reason): "The settings could not be saved: \(reason)"
        }
    }
}

/// Small typed values the app keeps between launches (`UserDefaults`).
public protocol SettingsStoring: AnyObject {
    /// Every setting, by key.
    func all() throws(SettingsError) -> [String: SettingValue]
    /// Sets `key` to `value`.
    func set(_ value: SettingValue, for key: String) throws(SettingsError)
    /// Removes `key`; returns whether it was there.
    @discardableResult func remove(_ key: String) throws(SettingsError) -> Bool
}

extension SettingsStoring {
    /// The value of `key`, if set.
    public func value(for key: String) throws(SettingsError) -> SettingValue? {
        try all()[key]
    }
}

/// Settings in one JSON file in `Library/Preferences/`, written whole and atomically; a damaged
/// file is set aside, never overwritten (``DamagedFile``).
public final class FileSettingsStore: SettingsStoring {
    /// The file.
    public let url: URL

    /// A store over `url` (created on the first change).
    public init(url: URL) {
        self.url = url
    }

    /// Reads the file as a launch does: why the settings cannot be used, or the warning that a
    /// damaged file was set aside just now; `nil` when they read.
    public func problem() -> String? {
        do {
            _ = try all()
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    /// Every setting, by key; none when the file does not exist yet.
    ///
    /// A file that is there but cannot be read (a folder in its place, a read error) is reported,
    /// not taken for no settings: a change would then write a file holding only itself.
    public func all() throws(SettingsError) -> [String: SettingValue] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.lastPathComponent, reason: FileErrorReason.of(error))
        }
        do {
            return try JSONDecoder().decode([String: SettingValue].self, from: data)
        } catch {
            throw .setAside(
                DamagedFile.setAside(
                    url, holding: "the settings",
                    then: "settings start again empty (not a JSON object of single values)"))
        }
    }

    /// Sets `key` to `value` and saves the file.
    public func set(_ value: SettingValue, for key: String) throws(SettingsError) {
        try Self.check(key)
        if case .string(let text) = value, text.utf8.count > 1024 {
            throw .tooLarge(key: key, bytes: text.utf8.count)
        }
        var settings = try all()
        settings[key] = value
        try save(settings)
    }

    /// Removes `key` and saves the file.
    @discardableResult
    public func remove(_ key: String) throws(SettingsError) -> Bool {
        var settings = try all()
        guard settings.removeValue(forKey: key) != nil else { return false }
        try save(settings)
        return true
    }

    private static func check(_ key: String) throws(SettingsError) {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            !key.isEmpty && key.count <= 64 && key.first?.isLetter == true
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard valid else { throw .invalidKey(key) }
    }

    private func save(_ settings: [String: SettingValue]) throws(SettingsError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(settings).write(to: url, options: .atomic)
        } catch {
            throw .writeFailed(FileErrorReason.of(error))
        }
    }
}
