import Domain
import Foundation
import ShellKit

/// Reads documents to import from JSON.
///
/// The file holds a JSON array of `{"title", "body", "tags"}` objects, or one such object per
/// line (JSON Lines); `body` and `tags` may be left out, and no other member is taken.
enum ImportFile {
    /// The drafts in the file at `path`, or why it cannot be read (naming the record).
    static func read(_ path: String) throws(CommandFailure) -> [DocumentDraft] {
        try RecordFile.read(path, as: format, unknownMembers: \CheckedRecord.unknown).map(\.record.draft)
    }
}

// MARK: - Private

extension ImportFile {
    /// What the file holds: documents, with the members of ``DocumentFileRecord``.
    private static let format = RecordFile.Format(
        noun: Noun.documents, article: "a",
        members: DocumentFileRecord.CodingKeys.allCases.map(\.stringValue))

    /// A record, with the members it has that the format does not.
    private struct CheckedRecord: Decodable {
        let record: DocumentFileRecord
        let unknown: [String]

        init(from decoder: any Decoder) throws {
            record = try DocumentFileRecord(from: decoder)
            unknown = try decoder.container(keyedBy: FieldName.self).allKeys.map(\.stringValue)
                .filter { !ImportFile.format.members.contains($0) }
        }
    }
}
