import Foundation

/// The JSON settings the app uses on the wire and in stored payloads: ISO 8601 dates.
enum JSONCoding {
    /// A new encoder with ISO 8601 dates.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// A new decoder with ISO 8601 dates.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
