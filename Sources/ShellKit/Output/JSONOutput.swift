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

    /// An error as one line of JSON: `{"error":{"line":2,"message":"…"}}`, with `file` when a
    /// script failed and no `line` for a line typed at the prompt.
    public static func error(_ message: String, file: String?, line: Int?) -> String {
        encode(ErrorJSON(error: .init(file: file, line: line, message: message)))
    }

    private struct ErrorJSON: Encodable {
        struct Body: Encodable {
            let file: String?
            let line: Int?
            let message: String
        }

        let error: Body
    }
}
