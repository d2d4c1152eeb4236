import Domain

/// What a command produced, before it is rendered in the session's output format.
enum CommandOutput {
    /// Nothing to print.
    case nothing
    /// A sentence for the user.
    case message(String)
    /// One document, with where it came from when it was read rather than written.
    case document(Document, Provenance?)
    /// A list of documents and where it came from (`nil` when the list is empty and has no source).
    case documents([DocumentSummary], Provenance?)
    /// A deleted document's identifier.
    case deleted(id: Int)
    /// A user profile and where it came from.
    case user(User, Provenance)
    /// A help page: text for people, entries for JSON.
    case help(text: String, entries: [HelpEntry])
    /// Output a command rendered itself, once per format.
    case rendered(table: String, plain: String, json: String)
    /// The shell should run the commands of this script file.
    case runScript(String)
    /// The session should end.
    case quit
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
