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
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601Timestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }
}

/// ISO 8601 timestamps as the JSON carries them.
enum ISO8601Timestamp {
    /// The date `text` names: `2026-01-02T09:00:00Z` (whole seconds in UTC, what servers send
    /// most) read directly, any other ISO 8601 form by Foundation; `nil` when it is none.
    ///
    /// Foundation's parser was a large share of decoding a page of changes (ADR 0036); the common
    /// form is read here directly.
    static func parse(_ text: String) -> Date? {
        if let seconds = wholeSecondsUTC(text) { return Date(timeIntervalSince1970: Double(seconds)) }
        return try? Date(text, strategy: .iso8601)
    }

    /// Seconds since 1970 for exactly `YYYY-MM-DDTHH:MM:SSZ`, with every field in range, from the
    /// year 1583 on.
    ///
    /// Foundation reads and writes a day before the Gregorian reform (1582-10-15) in the Julian
    /// calendar, so an earlier year is left to it: read here, `0001-01-01` came back two days
    /// later than the encoder had meant, and moved again with each round trip.
    private static func wholeSecondsUTC(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
                bytes[16] == 0x3A, bytes[19] == 0x5A
            else { return nil }
            func number(_ start: Int, _ length: Int) -> Int? {
                var value = 0
                for index in start..<(start + length) {
                    let digit = Int(bytes[index]) - 0x30
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), year > 1582, let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24,
                minute < 60, second < 60
            else { return nil }
            return daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (the well-known
    /// era-based count: 400-year eras of 146,097 days).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
