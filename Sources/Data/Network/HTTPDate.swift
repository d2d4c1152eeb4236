public import Foundation

/// The HTTP-date format of RFC 9110 (`Sun, 06 Nov 1994 08:49:37 GMT`).
public enum HTTPDate {
    /// Parses an IMF-fixdate; `nil` when the text is not one.
    public static func parse(_ text: String) -> Date? {
        formatter().date(from: text)
    }

    /// Formats a date as an IMF-fixdate.
    public static func format(_ date: Date) -> String {
        formatter().string(from: date)
    }

    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}
