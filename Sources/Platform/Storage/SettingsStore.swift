public import Foundation

/// A small typed value kept in the settings store, as `UserDefaults` keeps property-list values.
nonisolated public enum SettingValue: Equatable, Sendable, CustomStringConvertible {
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

    /// The value of a property list or JSON file as Foundation reads it: a text, a boolean or a
    /// number, each number by the type the file gave it (`<real>2</real>` and `2.0` are doubles,
    /// `<integer>2</integer>` and `2` ints); `nil` for anything else (a list, a dictionary, a date).
    init?(reading value: Any) {
        switch value {
        case let text as String: self = .string(text)
        case let flag as Bool where type(of: value) == Bool.self: self = .bool(flag)
        case let number as NSNumber:
            // The number's own type: Foundation reads a boolean of a binary property list or of
            // JSON as a number of type `c`.
            switch String(cString: number.objCType) {
            case "c", "B": self = .bool(number.boolValue)
            case "d", "f": self = .double(number.doubleValue)
            default: self = .int(number.intValue)
            }
        default: return nil
        }
    }

    /// The value as a property list holds it.
    var propertyListValue: Any {
        switch self {
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value): value
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
    /// The file was not a property list (or, from an earlier build, a JSON object) of single
    /// values: it was set aside (``DamagedFile``), the settings are empty from now on, and this is
    /// the warning once.
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

/// Settings in one property list in `Library/Preferences/`, as `UserDefaults` keeps them, written
/// whole and atomically; a damaged file is set aside, never overwritten (``DamagedFile``).
///
/// A property list keeps each number's type (`<real>2</real>`); JSON written by Foundation does
/// not, since it writes `2.0` as `2` (ADR 0076). Earlier builds kept the settings as JSON under the
/// same name (`NAME.json`): that file is read while the property list does not exist yet, and
/// removed once the first change is saved in the property list.
public final class FileSettingsStore: SettingsStoring {
    /// The property list.
    public let url: URL

    /// A store over the property list at `url` (created on the first change).
    public init(url: URL) {
        self.url = url
    }

    /// Where builds before ADR 0076 kept the settings: `url` with the extension `json`.
    private var earlierJSON: URL { url.deletingPathExtension().appendingPathExtension("json") }

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

    /// Every setting, by key; none when no file exists yet.
    ///
    /// A file that is there but cannot be read (a folder in its place, a read error) is reported,
    /// not taken for no settings: a change would then write a file holding only itself.
    public func all() throws(SettingsError) -> [String: SettingValue] {
        if FileManager.default.fileExists(atPath: url.path) {
            return try read(url, kind: "property list") {
                try PropertyListSerialization.propertyList(from: $0, format: nil)
            }
        }
        guard earlierJSON != url, FileManager.default.fileExists(atPath: earlierJSON.path) else { return [:] }
        return try read(earlierJSON, kind: "JSON object") { try JSONSerialization.jsonObject(with: $0) }
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

    /// Reads the settings in `file`, which `parse` reads as a `kind` of single values; a file that
    /// does not read so is set aside.
    private func read(
        _ file: URL, kind: String, parse: (Data) throws -> Any
    ) throws(SettingsError) -> [String: SettingValue] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .unreadable(path: file.lastPathComponent, reason: FileErrorReason.of(error))
        }
        if let object = (try? parse(data)) as? [String: Any] {
            let settings = object.compactMapValues(SettingValue.init(reading:))
            if settings.count == object.count { return settings }
        }
        throw .setAside(
            DamagedFile.setAside(
                file, holding: "the settings", then: "settings start again empty (not a \(kind) of single values)"))
    }

    private func save(_ settings: [String: SettingValue]) throws(SettingsError) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let list = try PropertyListSerialization.data(
                fromPropertyList: settings.mapValues(\.propertyListValue), format: .xml, options: 0)
            try list.write(to: url, options: .atomic)
        } catch {
            throw .writeFailed(FileErrorReason.of(error))
        }
        // The property list now holds every setting and is read first; an earlier file left
        // behind (it could not be removed) is never read again.
        if earlierJSON != url { try? FileManager.default.removeItem(at: earlierJSON) }
    }
}
