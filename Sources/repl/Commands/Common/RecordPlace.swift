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
    /// The file, as ``ImportSource/name``.
    let file: String
    /// `line` or `record`.
    let unit: String
    /// From 1.
    let number: Int

    var description: String { "\(file), \(unit) \(number)" }

    /// Where the records from `first` to `last` are: `notes.jsonl, lines 4 to 6`.
    static func span(_ first: RecordPlace, _ last: RecordPlace) -> String {
        first == last ? first.description : "\(first.file), \(first.unit)s \(first.number) to \(last.number)"
    }
}
