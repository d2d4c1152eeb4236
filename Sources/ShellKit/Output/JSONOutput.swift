import Foundation

/// The shell's JSON: one line, sorted keys, ISO 8601 dates, slashes unescaped.
public enum JSONOutput {
    /// Encodes `value` as one line of JSON.
    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return #"{"error":"unencodable output"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
