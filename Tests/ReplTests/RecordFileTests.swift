import Domain
import Foundation
import ShellKit
import TestSupport
import Testing

@testable import repl

/// A generated feature's import and export files: each value comes back as it went out, and a
/// record the feature cannot take is refused, naming it.
@Suite("Record files")
struct RecordFileTests {
    /// Every kind of value, a number with more digits than a Double holds, and a list item with a
    /// comma in it.
    static let record =
        #"{"amount":12.345678901234567891,"count":30,"done":true,"note":null,"tags":["a, b","c"],"title":"Lunch"}"#

    @Test func everyValueComesBackAsItWentOut() throws {
        let read = try JSONDecoder().decode(FieldRecord.self, from: Data(Self.record.utf8))
        #expect(read.values["amount"] == .number("12.345678901234567891"))
        #expect(read.values["count"]?.text == "30" && read.values["done"]?.text == "true")
        #expect(read.values["note"]?.text == "", "null clears an optional field, as an empty flag does")
        #expect(String(decoding: ExportFile.contents(read), as: UTF8.self) == Self.record + "\n")
    }

    @Test func aListKeepsItsItemsAndAWindowsTextIsSplitAtCommas() throws {
        let read = try JSONDecoder().decode(FieldRecord.self, from: Data(Self.record.utf8))
        #expect(read.values["tags"]?.words == ["a, b", "c"])
        #expect(RecordValue.text("a, b,, c").words == ["a", "b", "c"])
        #expect(throws: CommandFailure("tags takes one value, not a list")) { try read.values["tags"]?.single("tags") }
        #expect(try read.values["title"]?.single("title") == "Lunch")
        // A text field takes text: a number or a yes/no there is refused, naming it
        #expect(try read.values["title"]?.singleText("title") == "Lunch")
        #expect(throws: CommandFailure("title needs text, not 30")) { try read.values["count"]?.singleText("title") }
        #expect(throws: CommandFailure("title needs text, not true")) { try read.values["done"]?.singleText("title") }
    }

    @Test func aNumberBeyondADecimalIsKeptAsADouble() throws {
        let read = try JSONDecoder().decode(FieldRecord.self, from: Data(#"{"far":1e300}"#.utf8))
        #expect(read.values["far"] == .number("1e+300"))
        #expect(String(decoding: ExportFile.contents(read), as: UTF8.self) == #"{"far":1e+300}"# + "\n")
    }

    /// A `Double` field is shown and saved by its digits, as its flag, the help and the server
    /// write it, not as Swift prints it (`1e-05`).
    @Test func aDoubleIsWrittenInDigits() throws {
        #expect(Document.value(0.00001 as Double?) == .number("0.00001"))
        #expect(Document.value(1e20 as Double?) == .number("100000000000000000000"))
        #expect(Document.value(0.1 + 0.2 as Double?) == .number("0.30000000000000004"))
        #expect(Document.value(-2.5e-10 as Double?) == .number("-0.00000000025"))
        #expect(
            Document.value(1e300 as Double?) == .number("1e+300"), "beyond a Decimal, Swift's form, which JSON reads")
        #expect(Document.value(nil as Double?) == .null)
    }

    @Test(arguments: [
        (
            #"{"title":"a"}"# + "\n" + #"{"titel":"b"}"#,
            #"expenses.json, line 2: unknown field "titel" (an expense has "amount", "title")"#
        ),
        (
            #"[{"title":"a"},{"title":["b"],"bogus":1}]"#,
            #"expenses.json, record 2: unknown field "bogus" (an expense has "amount", "title")"#
        ),
        (#"[{"title":"a"}, 3]"#, #"expenses.json, record 2: not an expense (expected {"title", "amount"})"#),
        ("{\"title\":", "expenses.json, line 1: not valid JSON"),
        // A member holding an object, which no field takes, is named
        (#"{"title":{"a":1},"amount":1}"#, "expenses.json, line 1: title holds a value that does not fit"),
        ("\n \n", "the file holds no expenses"),
        // A value the field's reader refuses is named by its line too, blank lines counted.
        ("\n" + #"{"title":"a"}"# + "\n\n" + #"{"title":5}"#, "expenses.json, line 4: title needs text, not 5"),
        (#"[{"title":"a"},{"title":5}]"#, "expenses.json, record 2: title needs text, not 5"),
    ])
    func aFileTheFeatureCannotTakeIsRefusedNamingTheRecord(contents: String, message: String) throws {
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent("expenses.json")
        try Data(contents.utf8).write(to: file)
        #expect(throws: CommandFailure(message)) {
            try ItemFiles.drafts(
                inFile: ImportSource(path: file.path, name: "expenses.json"),
                noun: Noun(one: "expense", many: "expenses"),
                article: "an",
                fields: ["title", "amount"]
            ) { values throws(CommandFailure) in try values["title"]?.singleText("title") }
        }
    }

    /// A file some editors save with a byte order mark before the JSON (Notepad, Excel's "UTF-8"
    /// export) reads as the JSON it holds, an array or lines.
    @Test(arguments: [
        "\u{FEFF}" + #"[{"title":"a"},{"title":"b"}]"#, "\u{FEFF}" + #"{"title":"a"}"# + "\n" + #"{"title":"b"}"#,
    ])
    func aByteOrderMarkIsNotPartOfTheRecords(contents: String) throws {
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent("expenses.json")
        try Data(contents.utf8).write(to: file)
        let drafts = try ItemFiles.drafts(
            inFile: ImportSource(path: file.path, name: "expenses.json"), noun: Noun(one: "expense", many: "expenses"),
            article: "an", fields: ["title"]
        ) { values throws(CommandFailure) in try values["title"]?.singleText("title") }
        #expect(drafts.map(\.draft) == ["a", "b"])
        #expect(
            drafts.first?.place.description
                == (contents.contains("[") ? "expenses.json, record 1" : "expenses.json, line 1"))
    }

    /// A failure of several records at once names the first and the last, in one unit.
    @Test func aSpanOfRecordsIsNamedOnce() {
        let first = RecordPlace(file: "notes.jsonl", unit: .line, number: 4)
        #expect(RecordPlace.span(first, first) == "notes.jsonl, line 4")
        #expect(
            RecordPlace.span(first, RecordPlace(file: "notes.jsonl", unit: .line, number: 6))
                == "notes.jsonl, lines 4 to 6")
    }
}
