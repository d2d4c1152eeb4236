import Domain
import Foundation
import TestSupport
import Testing

@testable import DemoBackend
@testable import StrataData

/// The device's rules and the server's collection take and refuse the same documents.
///
/// A document the device saves and the server then refuses waits, parked, for the user, who was
/// told it was saved.
@Suite("Documents' rules, on the device and on the server")
struct DocumentRulesAgreeWithTheServerTests {
    /// One character of two Unicode scalars each: the contract's `maxLength` counts scalars.
    static let (flag, accent) = ("\u{1F1EB}\u{1F1F7}", "e\u{301}")

    @Test(arguments: [
        (FakeData.draft(title: String(repeating: flag, count: 100)), true),
        (FakeData.draft(title: String(repeating: flag, count: 101)), false),
        (FakeData.draft(title: String(repeating: "é", count: 200)), true),
        (FakeData.draft(title: "t", tags: [String(repeating: accent, count: 25)]), true),
        (FakeData.draft(title: "t", tags: [String(repeating: accent, count: 26)]), false),
        (FakeData.draft(title: "t", tags: ["home", "home"]), false),
        (FakeData.draft(title: "t", tags: ["a\u{600} b"]), false),
        (FakeData.draft(title: "t", tags: ["é", accent]), true),
    ])
    func theDeviceTakesADocumentWhenTheServerDoes(draft: DocumentDraft, taken: Bool) throws {
        let sent = try JSONCoding.decoder.decode(
            [String: JSONValue].self, from: JSONCoding.encoder.encode(DocumentDTO(sending: draft)))
        let server = DemoSeed.documents.validatedNew(sent)
        #expect(((try? server.get()) != nil) == taken, "the server: \(server)")
        #expect(
            (DocumentRules.check(draft) == nil) == taken,
            "the device: \(String(describing: DocumentRules.check(draft)))")
    }
}
