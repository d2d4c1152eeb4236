import Domain

/// What a command produced, before it is rendered in the session's output format.
enum CommandOutput {
    /// Nothing to print.
    case nothing
    /// A sentence for the user.
    case message(String)
    /// One document, with where it came from when it was read rather than written.
    case document(Document, Provenance?)
    /// A list of documents and where it came from.
    case documents([DocumentSummary], Provenance)
    /// A deleted document's identifier.
    case deleted(id: Int)
    /// A user profile and where it came from.
    case user(User, Provenance)
    /// A help page: text for people, entries for JSON.
    case help(text: String, entries: [HelpEntry])
    /// Output a command rendered itself, once per format.
    case rendered(table: String, plain: String, json: String)
    /// The session should end.
    case quit
}

/// Where read data came from, as the REPL shows it.
struct Provenance: Equatable {
    /// The tier that answered.
    let origin: DataOrigin
    /// How current the data is.
    let freshness: Freshness
    /// Seconds since the server last confirmed it.
    let ageSeconds: Int

    /// The provenance of a fetched value.
    init<Value>(_ fetched: Fetched<Value>) {
        origin = fetched.origin
        freshness = fetched.freshness
        ageSeconds = fetched.ageSeconds
    }

    /// A short description: `memory, fresh` or `disk, stale, 90s old`.
    var text: String {
        let age = ageSeconds > 0 ? ", \(ageSeconds)s old" : ""
        return "\(origin.rawValue), \(freshness.rawValue)\(age)"
    }
}

/// One command as `help` lists it in JSON.
struct HelpEntry: Codable, Equatable {
    /// The command's name.
    let name: String
    /// Its help group.
    let group: String
    /// Its one-line summary.
    let summary: String
    /// Its usage line.
    let usage: String
}
