import Foundation
import Testing

@testable import DemoBackend

/// The server's own JSON shortcuts agree with Foundation's general machinery.
@Suite("Server JSON")
struct ServerJSONTests {
    @Test(arguments: [
        0, 1_767_344_400, 1_767_344_400.75, 951_782_400, -86_400.5, 253_402_300_799, 1_000_000_000.999,
    ])
    func timestampsAreWhatTheISO8601FormatWrites(_ seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ServerJSON.timestamp(date) == date.formatted(.iso8601))
    }

    @Test(arguments: [
        #"{"a10":1,"a2":2,"B":3,"a":4,"_x":5,"Z1":6,"é":7,"e":8,"aB":9,"ab":10,"":11}"#,
        #"{"text":"quote \" backslash \\ slash / tab \t line \n bell \u0007 é 🙂","n":-0.5,"big":1e20,"i":-3}"#,
        #"[1.25,-7,0,1e-7,123456789012,true,null,{"k":[{}]}]"#,
    ])
    func writtenTextIsWhatTheEncoderWrites(_ text: String) throws {
        let value = try ServerJSON.decoder.decode(JSONValue.self, from: Data(text.utf8))
        let encoded = try #require(String(data: try ServerJSON.encoder.encode(value), encoding: .utf8))
        #expect(value.text == encoded)
    }

    @Test func everyKindOfValueSurvivesARoundTrip() throws {
        let text = #"{"a":"x","b":1,"c":2.5,"d":true,"e":false,"f":null,"g":[1,"y",[]],"h":{"i":"j","k":{}}}"#
        let value = try ServerJSON.decoder.decode(JSONValue.self, from: Data(text.utf8))
        #expect(value.object?["d"] == .bool(true) && value.object?["b"] == .number("1"))
        #expect(value.object?["g"] == .array([.number("1"), .string("y"), .array([])]))
        #expect(ServerJSON.text(value) == text)
    }

    /// A number keeps every digit it was sent with, up to a `Decimal`'s 38.
    ///
    /// An amount of money and an integer past 2^53 are what a `Double` would round; a number
    /// beyond `Decimal`'s range is read as a `Double`. Each is written back as it was read.
    @Test(arguments: [
        ("12345678901234567.891234", "12345678901234567.891234"), ("9007199254740993", "9007199254740993"),
        ("0.1", "0.1"), ("12.50", "12.5"), ("-0.000001", "-0.000001"), ("1E2", "100"), ("1e300", "1e+300"),
        ("-9223372036854775808", "-9223372036854775808"),
    ])
    func aNumberKeepsItsDigits(_ sent: String, _ kept: String) throws {
        let value = try #require(JSONValue.parse(Data(#"{"n":\#(sent)}"#.utf8)))
        #expect(value.object?["n"] == .number(kept))
        #expect(value.text == #"{"n":\#(kept)}"#)
        let encoded = try #require(String(data: try ServerJSON.encoder.encode(value), encoding: .utf8))
        #expect(encoded == value.text)
    }

    @Test func wholeNumbersAreIntegersOnlyWithin64Bits() {
        #expect(JSONValue.parse(Data("9223372036854775807".utf8))?.integer == Int.max)
        #expect(JSONValue.parse(Data("9223372036854775808".utf8))?.integer == nil)
        #expect(JSONValue.parse(Data("2.5".utf8))?.integer == nil)
        #expect(JSONValue.parse(Data("1e300".utf8))?.decimal == nil)
        #expect(JSONValue.parse(Data("2.50".utf8))?.decimal == Decimal(string: "2.5"))
        #expect(JSONValue.parse(Data("1e-200".utf8))?.isWithin(0...500) == true)
        #expect(JSONValue.parse(Data("1e300".utf8))?.isWithin(0...500) == false)
        #expect(JSONValue.parse(Data("500.0000000000000000001".utf8))?.isWithin(0...500) == false)
    }

    @Test(arguments: [#"{"a":"#, "", " ", #"{"a":"\ud800"}"#, "01", ".5", "+1", "1e400", "NaN", "[1] x", #"{a:1}"#])
    func parseRefusesWhatIsNotJSON(_ text: String) {
        #expect(JSONValue.parse(Data(text.utf8)) == nil)
    }
}
