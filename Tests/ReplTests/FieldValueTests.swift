import Foundation
import ShellKit
import Testing

@testable import repl

/// How a generated feature's flags read their words: an exact decimal is digits with at most one
/// point, and nothing else is read as one.
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
}
