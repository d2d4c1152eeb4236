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
        #expect(value.object?["d"] == .bool(true) && value.object?["b"] == .number(1))
        #expect(value.object?["g"] == .array([.number(1), .string("y"), .array([])]))
        #expect(ServerJSON.text(value) == text)
    }

    /// `parse` reads an object as one first and any other value as `init(from:)` does.
    @Test(arguments: [
        #"{"a":"x","g":[1,"y",[],{"z":false}],"h":{"i":null}}"#, #"[{"a":1},[true]]"#, #""text""#, "2.5", "true",
        "null",
    ])
    func parseReadsWhatTheDecoderReads(_ text: String) throws {
        let decoded = try ServerJSON.decoder.decode(JSONValue.self, from: Data(text.utf8))
        #expect(JSONValue.parse(Data(text.utf8)) == decoded)
        #expect(decoded.text == text)
    }

    @Test func parseRefusesWhatIsNotJSON() {
        #expect(JSONValue.parse(Data(#"{"a":"#.utf8)) == nil)
    }
}
