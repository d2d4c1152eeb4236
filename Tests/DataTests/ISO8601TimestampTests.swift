import Foundation
import Testing

@testable import StrataData

@Suite("Changed documents and their timestamps on the wire")
struct ISO8601TimestampTests {
    @Test(arguments: [
        "1970-01-01T00:00:00Z", "2026-01-02T09:00:00Z", "2024-02-29T23:59:59Z", "2000-02-29T12:30:45Z",
        "1969-12-31T23:59:59Z", "2099-12-31T00:00:01Z", "1900-03-01T00:00:00Z", "0001-01-01T00:00:00Z",
        "1000-06-15T12:34:56Z", "1582-10-04T23:59:59Z", "1582-10-15T00:00:00Z", "1583-01-01T00:00:00Z",
        "9999-12-31T23:59:59Z",
    ])
    func theCommonFormReadsAsFoundationReadsIt(text: String) throws {
        let expected = try Date(text, strategy: .iso8601)
        #expect(ISO8601Timestamp.parse(text) == expected)
    }

    /// What the app's encoder writes, its decoder reads as the same moment: a day before the
    /// Gregorian reform came back two days later, and moved again with every save.
    @Test(arguments: ["0001-01-01T00:00:00Z", "1582-10-04T12:00:00Z", "1582-10-15T00:00:00Z", "2026-01-02T09:00:00Z"])
    func aDateComesBackFromTheWireAsItWent(text: String) throws {
        let date = try Date(text, strategy: .iso8601)
        let json = try JSONCoding.encoder.encode([date])
        #expect(
            try JSONCoding.decoder.decode([Date].self, from: json) == [date], "\(String(decoding: json, as: UTF8.self))"
        )
    }

    @Test(arguments: ["2026-01-02T09:00:00.250Z", "2026-01-02T10:00:00+01:00"])
    func otherISOFormsAreLeftToFoundation(text: String) throws {
        let expected = try Date(text, strategy: .iso8601)
        #expect(ISO8601Timestamp.parse(text) == expected)
    }

    @Test(arguments: [
        "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2026-01-02T24:00:00Z",
        "2026-01-02T09:60:00Z",
    ])
    func outOfRangeFieldsAreLeftToFoundationsRules(text: String) {
        // Foundation rolls some over (February 30 is March 2): the app reads them as it always did.
        #expect(ISO8601Timestamp.parse(text) == (try? Date(text, strategy: .iso8601)))
    }

    @Test(arguments: [
        "", "tomorrow", "2026-01-0aT09:00:00Z", "2026-01-02 09:00:00Z", "2026-01-02T09:00:00", "２026-01-02T09:00:00Z",
    ])
    func whatIsNoDateIsRefused(text: String) {
        #expect(ISO8601Timestamp.parse(text) == nil)
    }

    @Test func theAppsDecoderReadsAPageOfChangesWithOneContainerPerDocument() throws {
        // Given a page whose documents carry their validator beside their members
        let json = #"""
            {"documents":[{"etag":"\"d7-v3\"","id":7,"title":"Seven","body":"b","tags":["a","b"],
             "createdAt":"2026-01-02T09:00:00Z","updatedAt":"2026-01-03T10:30:00.500Z","version":3}],
             "deleted":[],"serverVersion":12,"more":true}
            """#
        // When the API client's decoder reads it
        let page = try JSONCoding.decoder.decode(FeatureChangesDTO<DocumentResource>.self, from: Data(json.utf8))
        // Then every member and the validator arrive, both date forms included
        let changed = try #require(page.items.first)
        #expect(changed.etag == #""d7-v3""#)
        #expect(changed.wire.tags == ["a", "b"] && changed.wire.version == 3)
        #expect(changed.wire.createdAt == Date(timeIntervalSince1970: 1_767_344_400))
        #expect(changed.wire.updatedAt == Date(timeIntervalSince1970: 1_767_436_200.5))
        #expect(page.more == true && page.serverVersion == 12)
    }

    @Test func aDateThatIsNoneFailsTheDecoding() {
        let json = #"{"id":1,"title":"t","body":"","tags":[],"createdAt":"soon","updatedAt":"soon","version":1}"#
        #expect(throws: DecodingError.self) {
            try JSONCoding.decoder.decode(FeatureChangesDTO<DocumentResource>.Changed.self, from: Data(json.utf8))
        }
    }

    @Test(arguments: [#""tags":"a""#, #""tags":[1]"#, #""tags":null"#])
    func tagsThatAreNotAnArrayOfStringsFailTheDecoding(tags: String) {
        let json =
            #"{"id":1,"title":"t","body":"",\#(tags),"createdAt":"2026-01-02T09:00:00Z","#
            + #""updatedAt":"2026-01-02T09:00:00Z","version":1}"#
        #expect(throws: DecodingError.self) {
            try JSONCoding.decoder.decode(FeatureChangesDTO<DocumentResource>.Changed.self, from: Data(json.utf8))
        }
    }
}
