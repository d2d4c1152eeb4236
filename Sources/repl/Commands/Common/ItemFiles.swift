import Domain
import Foundation
import Platform
import Presentation
import ShellKit

/// What `docs import|export` and every generated feature's `import|export` share: where a file
/// to import is read, the progress while it is saved, what the user reads after, and where an
/// export goes.
enum ItemFiles {
    /// Imports the file the `FILE` argument names with the view model `importing` makes.
    ///
    /// `read` turns the file into drafts, each with where it is in the file, or refuses it whole,
    /// naming the record. A draft a rule refuses is named where it is too (`line 3`).
    ///
    /// A bare name the Inbox holds is that file: the app reads it there, and deletes it once every
    /// record is imported. A path in the app's `Documents/`, as an export prints it, is read there
    /// and left alone; any other path is the user's own file.
    static func importFile<Draft: Sendable>(
        _ context: CommandContext, _ arguments: ParsedArguments, noun: Noun,
        read: (ImportSource) throws(CommandFailure) -> [(place: RecordPlace, draft: Draft)],
        importing: () -> ImportViewModel<Draft>
    ) async throws(CommandFailure) -> CommandOutput {
        let given = arguments.value("FILE") ?? ""
        let inboxName = (try? context.sandbox.inboxFiles())?.contains(given) == true ? given : nil
        var path = given
        if let inboxName {
            path = try CommandFailure.sandbox { () throws(SandboxError) in
                try context.sandbox.inboxFile(named: inboxName).path
            }
        } else if let document = context.sandbox.userDocument(at: given) {
            path = document.path
        }
        let placed = try read(ImportSource(path: path, name: given))
        let places = placed.map(\.place)
        let state = await context.present(progressLabel: "importing", importing) { state in
            guard case .importing(let done, let total) = state else { return nil }
            return (done, total)
        } start: {
            $0.start(placed.map(\.draft)) { offsets in
                RecordPlace.span(places[offsets.lowerBound], places[offsets.upperBound - 1])
            }
        }
        let output = try state.commandOutput(noun: noun)
        if let inboxName {
            try CommandFailure.sandbox { () throws(SandboxError) in
                try context.sandbox.removeInboxFile(named: inboxName)
            }
        }
        return output
    }

    /// The drafts `file` holds, each with where it is (`notes.json, record 2`): each
    /// record's members (`fields` only) read by `draft` as the field flags read their values
    /// (``RecordValue/text``), a record that is refused named by that place; messages call a
    /// record `article` `noun`.
    static func drafts<Draft>(
        inFile file: ImportSource, noun: Noun, article: String, fields: [String],
        draft: ([String: RecordValue]) throws(CommandFailure) -> Draft
    ) throws(CommandFailure) -> [(place: RecordPlace, draft: Draft)] {
        let records = try RecordFile.read(file, as: RecordFile.Format(noun: noun, article: article, members: fields)) {
            (record: FieldRecord) in
            record.values.keys.filter { !fields.contains($0) }
        }
        var drafts: [(place: RecordPlace, draft: Draft)] = []
        drafts.reserveCapacity(records.count)
        for (place, record) in records {
            do throws(CommandFailure) {
                drafts.append((place, try draft(record.values)))
            } catch {
                throw CommandFailure("\(place): \(error.message)")
            }
        }
        return drafts
    }

    /// Writes `contents` to a free name in Documents/ based on `name`; answers with its path.
    static func export(_ context: CommandContext, contents: Data, named name: String) throws(CommandFailure)
        -> CommandOutput
    {
        let written = try CommandFailure.sandbox { () throws(SandboxError) in
            try context.sandbox.exportDocument(contents, named: name)
        }
        return .text("Documents/\(written)", json: JSONOutput.encode(ExportFile.JSON(exported: "Documents/\(written)")))
    }
}

extension ImportViewState {
    /// How many `noun` were imported, or where the import stopped.
    func commandOutput(noun: Noun) throws(CommandFailure) -> CommandOutput {
        switch self {
        case .finished(let imported):
            return .message("Imported \(noun.counted(imported)).")
        case .failed(let imported, let total, let failure):
            throw CommandFailure("\(failure.message) (\(imported) of \(total) imported)")
        case .idle, .importing: throw .cancelled
        }
    }
}
