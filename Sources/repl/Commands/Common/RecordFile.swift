import Foundation
import ShellKit

/// Reads a file of records to import: a JSON array of objects, or one object per line.
///
/// One object per line is JSON Lines. `docs import` and every generated feature's `import` read
/// their files through it.
enum RecordFile {
    /// The largest file accepted.
    static let maxBytes = 64 * 1_048_576

    /// What a file's records are: what they are called and the members they may have.
    struct Format {
        /// What one record is (`document`, `documents`).
        let noun: Noun
        /// The article before the noun (`a`, `an`).
        let article: String
        /// The members a record may have, in the order messages list them.
        let members: [String]
    }

    /// The records in `file`, in order, each with where it is (``RecordPlace``) for a message
    /// about it, or why the file cannot be read (naming the record).
    ///
    /// `unknownMembers` names the members a record has that the format does not: the file is
    /// refused, since their values would be dropped while the user is told the record was imported
    /// (a `"tag"` for `"tags"`).
    static func read<Record: Decodable>(
        _ file: ImportSource, as format: Format, unknownMembers: (Record) -> [String]
    ) throws(CommandFailure) -> [(place: RecordPlace, record: Record)] {
        var data = try InputFile.contents(of: file.path, what: "file", maxBytes: maxBytes).get()
        // Some editors save UTF-8 with a byte order mark first; it is not part of the JSON.
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        let isArray = data.first { !Self.isSpace($0) } == UInt8(ascii: "[")
        let records =
            try isArray
            ? array(data, file.name, format, unknownMembers) : lines(data, file.name, format, unknownMembers)
        // An empty or cut-off file (a copy that failed halfway) imports nothing and is kept.
        guard !records.isEmpty else { throw CommandFailure("the file holds no \(format.noun.many)") }
        return records
    }
}

// MARK: - Private

extension RecordFile.Format {
    /// Why the record at `place` holds a member the format does not have.
    fileprivate func unknown(_ names: [String], in place: RecordPlace) -> CommandFailure {
        let known = members.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        return CommandFailure("\(place): unknown field \"\(names.sorted()[0])\" (\(article) \(noun.one) has \(known))")
    }

    /// Why a record is not one of these: the member missing (`missing title`) or holding what it
    /// cannot (`title needs text`, as a feature's flag readers say it), else `not a document (expected {"title", "body", "tags"})`.
    fileprivate func mismatch(_ error: DecodingError, in path: some Collection<any CodingKey>) -> String {
        switch (error, path.first) {
        case (.keyNotFound(let key, _), _):
            return "missing \(key.stringValue)"
        case (.typeMismatch(let type, _), let member?), (.valueNotFound(let type, _), let member?):
            // A list's item that does not fit says so of the list.
            let kinds: [(Any.Type, String)] = [
                (String.self, "text"), ([Any].self, "a list"), (Bool.self, "true or false"),
            ]
            let kind = path.count == 1 ? kinds.first { $0.0 == type }?.1 : nil
            return "\(member.stringValue) " + (kind.map { "needs \($0)" } ?? "holds a value that does not fit")
        default:
            return "not \(article) \(noun.one) (expected {\(members.map { "\"\($0)\"" }.joined(separator: ", "))})"
        }
    }
}

extension RecordFile {
    private static func array<Record: Decodable>(
        _ data: Data, _ name: String, _ format: Format, _ unknownMembers: (Record) -> [String]
    ) throws(CommandFailure) -> [(place: RecordPlace, record: Record)] {
        let records: [Record]
        do {
            records = try JSONDecoder().decode([Record].self, from: data)
        } catch let error as DecodingError {
            guard let path = error.path else { throw CommandFailure("not a JSON array of \(format.noun.many)") }
            let mismatch = format.mismatch(error, in: path.dropFirst())
            guard let index = path.first?.intValue else { throw CommandFailure("\(name): \(mismatch)") }
            throw CommandFailure("\(RecordPlace(file: name, unit: .record, number: index + 1)): \(mismatch)")
        } catch {
            throw CommandFailure("not a JSON array of \(format.noun.many)")
        }
        let placed = records.enumerated().map {
            (place: RecordPlace(file: name, unit: .record, number: $0.offset + 1), record: $0.element)
        }
        for (place, record) in placed {
            let unknown = unknownMembers(record)
            if !unknown.isEmpty { throw format.unknown(unknown, in: place) }
        }
        return placed
    }

    private static func lines<Record: Decodable>(
        _ data: Data, _ name: String, _ format: Format, _ unknownMembers: (Record) -> [String]
    ) throws(CommandFailure) -> [(place: RecordPlace, record: Record)] {
        var records: [(place: RecordPlace, record: Record)] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where line.contains(where: { !isSpace($0) }) {
            let place = RecordPlace(file: name, unit: .line, number: index + 1)
            let record: Record
            do {
                record = try JSONDecoder().decode(Record.self, from: Data(line))
            } catch {
                guard let error = error as? DecodingError, let path = error.path else {
                    throw CommandFailure("\(place): not valid JSON")
                }
                throw CommandFailure("\(place): \(format.mismatch(error, in: path))")
            }
            let unknown = unknownMembers(record)
            if !unknown.isEmpty { throw format.unknown(unknown, in: place) }
            records.append((place: place, record: record))
        }
        return records
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }
}

extension DecodingError {
    /// Where in the file the value that did not fit is; `nil` when the text is not JSON.
    fileprivate var path: [any CodingKey]? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
            context.codingPath
        default:
            nil
        }
    }
}
