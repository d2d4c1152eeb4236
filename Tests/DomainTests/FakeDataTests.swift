import Domain
import Foundation
import TestSupport
import Testing

/// The fixture the round-trip tests rely on: it is only as good as the fields it sets.
@Suite("Fake data")
struct FakeDataTests {
    /// The values a dropped field reads as: a round trip of a field holding one of these passes
    /// even when the field is lost.
    static let emptyValues: Set<String> = ["", "[]", "0", "0.0", "nil", "false", "\(Date(timeIntervalSince1970: 0))"]

    @Test func theCompleteDocumentSetsEveryField() {
        for field in FakeData.everyField(of: FakeData.completeDocument) {
            #expect(
                !Self.emptyValues.contains("\(field.value)"), "FakeData.completeDocument leaves \(field.name) empty")
        }
    }

    /// Changes, rebasing and the rules reach a field through its `DocumentField` case: a property
    /// of the draft without one would be dropped by every edit.
    @Test func everyEditableFieldHasItsCase() {
        let properties = Mirror(reflecting: DocumentDraft.empty).children.compactMap(\.label)
        #expect(properties == DocumentField.allCases.map(\.rawValue))
    }

    /// The draft and the changes of the complete document carry each of its editable fields, and
    /// an untouched draft moved onto it takes every one of them.
    @Test func itsDraftAndItsChangesSetEveryField() {
        for field in Mirror(reflecting: DocumentDraft(FakeData.completeDocument)).children {
            #expect(
                !Self.emptyValues.contains("\(field.value)"), "DocumentDraft(_:) leaves \(field.label ?? "?") empty")
        }
        let draft = DocumentDraft(FakeData.completeDocument)
        #expect(DocumentDraft(DocumentChanges(from: .empty, to: draft).applied(to: FakeData.document(id: 7))) == draft)
        #expect(DocumentDraft.empty.rebased(from: .empty, onto: draft) == draft)
    }
}
