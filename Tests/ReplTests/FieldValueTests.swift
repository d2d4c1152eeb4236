import Foundation
import ShellKit
import Testing

@testable import repl

/// How a generated feature's flags read their words: an exact decimal is digits with at most one
/// point, and nothing else is read as one; a date is one the calendar has.
@Suite("Field values")
struct FieldValueTests {
    @Test(arguments: ["12.50", "0", "-3.125", "1000000000000000000000.01"])
    func aDecimalAsPeopleWriteItIsReadExactly(word: String) throws {
        let value = try FieldValue.exactDecimal(word, flag: "--price")
        #expect(value == Decimal(string: word, locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test func twelveFiftyStaysTwelveFifty() throws {
        #expect(try FieldValue.exactDecimal("12.50", flag: "--price") == Decimal(1250) / 100)
        #expect(
            try FieldValue.exactDecimal("0.1", flag: "--price") + FieldValue.exactDecimal("0.2", flag: "--price")
                == Decimal(3) / 10, "no binary rounding")
    }

    @Test(arguments: ["", "12abc", "1e3", "1.2.3", ".5", "5.", "--1", "NaN", "١٢", "12,50"])
    func anythingElseIsOneClearError(word: String) {
        #expect(throws: CommandFailure("--price needs an exact decimal such as 12.50, not '\(word)'")) {
            try FieldValue.exactDecimal(word, flag: "--price")
        }
    }

    @Test(arguments: [("2.5", 2.5), ("-3", -3), ("0.00001", 0.000_01), ("1e-5", 0.000_01), ("+4.", 4)])
    func aNumberIsReadFromItsDigits(word: String, value: Double) throws {
        #expect(try FieldValue.decimal(word, flag: "--rate") == value)
    }

    /// Only decimal digits make a number: Swift's hexadecimal and named forms do not.
    @Test(arguments: ["0x1p-3", "0x10", "inf", "nan", "1e400", "", "2,5", " 2"])
    func aNumberInAnyOtherFormIsOneClearError(word: String) {
        #expect(throws: CommandFailure("--rate needs a number such as 2.5, not '\(word)'")) {
            try FieldValue.decimal(word, flag: "--rate")
        }
    }

    /// A decimal with more digits than one is kept with says so, rather than that it is no decimal.
    @Test func aDecimalTooLongToKeepExactlyIsRefusedAsTooLong() throws {
        let thirty = String(repeating: "9", count: 30)
        #expect(try FieldValue.exactDecimal("-" + thirty, flag: "--price") == Decimal(string: "-" + thirty))
        #expect(try FieldValue.exactDecimal("0." + thirty.dropFirst(), flag: "--price") > 0.99)
        for word in [thirty + "9", "3.14159265358979323846264338327950288"] {
            #expect(throws: CommandFailure("--price takes at most 30 digits, not '\(word)'")) {
                try FieldValue.exactDecimal(word, flag: "--price")
            }
        }
    }

    @Test(arguments: [
        ("2026-02-28", "2026-02-28T00:00:00Z"), ("2024-02-29", "2024-02-29T00:00:00Z"),
        ("2026-01-02T09:00:00Z", "2026-01-02T09:00:00Z"), ("2026-01-02T09:00:00+02:00", "2026-01-02T07:00:00Z"),
        ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
    ])
    func aDateTheCalendarHasIsRead(word: String, read: String) throws {
        #expect(try FieldValue.date(word, flag: "--on").formatted(.iso8601) == read)
    }

    @Test(arguments: [
        "2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10", "2026-01-01T25:00:00Z", "2026-01-01T10:60:00Z",
        "2026-01-01T10:00:61Z", "2026-01-01X10:00:00Z", "2026-01-01T", "2026-1-1", "", "tomorrow",
    ])
    func aDateTheCalendarDoesNotHaveIsOneClearError(word: String) {
        #expect(throws: CommandFailure("--on needs a date such as 2026-01-02 or 2026-01-02T09:00:00Z, not '\(word)'")) {
            try FieldValue.date(word, flag: "--on")
        }
    }

    @Test func aSwitchIsTrueOrFalseAsItsFlagListsThem() throws {
        #expect(try FieldValue.boolean("true", flag: "--paid"))
        #expect(try !FieldValue.boolean("false", flag: "--paid"))
        for word in ["yes", "no", "TRUE", "1", ""] {
            #expect(throws: CommandFailure("--paid needs true or false, not '\(word)'")) {
                try FieldValue.boolean(word, flag: "--paid")
            }
        }
    }

    /// An editor window's fields stand for the flags, and a message about one names the field the
    /// user typed (`edit field minutes soon`), not a flag the user never saw.
    @Test func aWindowsFieldIsNamedAsTheWindowShowsIt() {
        let typed = ParsedArguments(flags: ["--minutes": ["soon"]], labels: [:])
        #expect(throws: CommandFailure("--minutes needs a whole number, not 'soon'")) {
            try typed.value(of: "--minutes", FieldValue.integer)
        }
        let window = ParsedArguments(flags: ["--minutes": ["soon"]], labels: ["--minutes": "minutes"])
        #expect(throws: CommandFailure("minutes needs a whole number, not 'soon'")) {
            try window.value(of: "--minutes", FieldValue.integer)
        }
        #expect(throws: CommandFailure("minutes needs a whole number, not 'soon'")) {
            try window.clearable("--minutes", FieldValue.integer)
        }
        let empty = ParsedArguments(flags: [:], labels: ["--cooked-on": "cookedOn"])
        #expect(throws: CommandFailure("missing cookedOn")) { try empty.required("--cooked-on", FieldValue.date) }
    }
}
