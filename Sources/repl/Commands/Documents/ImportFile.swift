import Domain
import Foundation
import ShellKit

/// Reads documents to import from JSON.
///
/// The file holds a JSON array of `{"title", "body", "tags"}` objects, or one such object per
/// line (JSON Lines); `body` and `tags` may be left out.
enum ImportFile {
    /// The largest file accepted.
    static let maxBytes = 64 * 1_048_576

    /// The drafts in the file at `path`, or why it cannot be read (naming the record).
    static func read(_ path: String) throws(CommandFailure) -> [DocumentDraft] {
        let data = try InputFile.contents(of: path, what: "file", maxBytes: maxBytes).get()
        let isArray = data.first { !Self.isSpace($0) } == UInt8(ascii: "[")
        let drafts = try (isArray ? array(data) : lines(data)).get()
        // An empty or cut-off file (a copy that failed halfway) imports nothing and is kept.
        guard !drafts.isEmpty else { throw CommandFailure("the file holds no documents") }
        return drafts
    }
}

// MARK: - Private

extension ImportFile {
    private static func array(_ data: Data) -> Result<[DocumentDraft], CommandFailure> {
        do {
            return .success(try JSONDecoder().decode([DocumentFileRecord].self, from: data).map(\.draft))
        } catch DecodingError.typeMismatch(_, let context), DecodingError.keyNotFound(_, let context),
            DecodingError.valueNotFound(_, let context)
        {
            let index = context.codingPath.first?.intValue.map { " \($0 + 1)" } ?? ""
            return .failure(CommandFailure("record\(index): not a document (expected {\"title\", \"body\", \"tags\"})"))
        } catch {
            return .failure(CommandFailure("not a JSON array of documents"))
        }
    }

    private static func lines(_ data: Data) -> Result<[DocumentDraft], CommandFailure> {
        var drafts: [DocumentDraft] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where line.contains(where: { !isSpace($0) }) {
            guard let record = try? JSONDecoder().decode(DocumentFileRecord.self, from: Data(line)) else {
                return .failure(
                    CommandFailure("line \(index + 1): not a document (expected {\"title\", \"body\", \"tags\"})"))
            }
            drafts.append(record.draft)
        }
        return .success(drafts)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }
}
