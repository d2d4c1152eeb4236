/// A file to import: where it is read, and how messages name it (as the user gave it, so a piped
/// script's `line 1:` is never taken for a line of the file).
nonisolated struct ImportSource: Sendable {
    /// The path read.
    let path: String
    /// The name the user gave: a path, or a bare name of the Inbox.
    let name: String
}

/// Where a record is in its file, as messages name it: `notes.jsonl, line 3` of JSON Lines (blank
/// lines counted), `notes.json, record 2` of an array.
nonisolated struct RecordPlace: Sendable, Equatable, CustomStringConvertible {
    /// What a file's records are counted in.
    enum Unit: String, Sendable {
        /// A line of JSON Lines.
        case line
        /// An element of a JSON array.
        case record
    }

    /// The file, as ``ImportSource/name``.
    let file: String
    let unit: Unit
    /// From 1.
    let number: Int

    var description: String { "\(file), \(unit.rawValue) \(number)" }

    /// Where the records from `first` to `last` are: `notes.jsonl, lines 4 to 6`.
    static func span(_ first: RecordPlace, _ last: RecordPlace) -> String {
        first == last
            ? first.description : "\(first.file), \(first.unit.rawValue)s \(first.number) to \(last.number)"
    }
}
