/// The feature's page: what it is, its commands, and a session the tests replay; and the file of
/// two items the page imports.
extension FeatureSpec {
    func docsFiles() -> [(path: String, text: String)] {
        [("Docs/Features/\(name).md", page()), (examplePath, exampleRecords())]
    }

    /// The example file `<name> import` reads on the page.
    private var examplePath: String { "Docs/examples/\(lowerPlural).jsonl" }

    /// Two records in JSON Lines, the first and second sample values of every field.
    private func exampleRecords() -> String {
        [Field.Sample.first, .second].map { sample in
            "{" + fields.map { "\"\($0.name)\": \($0.jsonText(sample))" }.joined(separator: ", ") + "}\n"
        }.joined()
    }

    /// The file `<name> export 2` writes of the first imported record: named after its first text.
    private var exportedName: String {
        (fields.first { $0.type == .string }?.shown(.first) ?? "\(lower)-2") + ".json"
    }

    /// What `scaffold-feature` was given, as a command line.
    var commandLine: String {
        "swift package --allow-writing-to-package-directory scaffold-feature \(name) "
            + fields.map { "--field '\($0.name):\($0.typeText)'" }.joined(separator: " ")
            + (conflicts == "manual" ? "" : " --conflicts \(conflicts)")
            + searchable.map { " --searchable \($0.name)" }.joined()
            + fields.filter { !$0.rangeText.isEmpty }.map { " --range \($0.name):\($0.rangeText)" }.joined()
    }

    private func page() -> String {
        let edited = editedField
        let first = fields.map { ($0.name, $0.shown(.first)) }
        let second = fields.map { ($0.name, $0.name == edited.name ? $0.shown(.second) : $0.shown(.first)) }
        let fieldList = fields.map { "`\($0.name)` (`\($0.typeText)`, flag `\($0.flag)`)" }.joined(separator: ", ")
        let header = ["ID"] + fields.map { $0.name.uppercased() } + ["VERSION", "UPDATED"]
        let listed = DocsTable.list(header, ["1"] + first.map(\.1) + ["1", DocsTable.moment])
        let listedAgain = DocsTable.list(header, ["1"] + second.map(\.1) + ["2", DocsTable.moment])
        return """
            # \(plural)

            \(capitalArticle) \(lower) has an identifier, a version and these fields:
            \(fieldList).

            The feature was added with

            ```sh
            \(commandLine)
            ```

            It runs on the engine documents run on (ADR 0050): the same outbox, batches, pulls, conflicts,
            live updates, pages and search. Reads go through the cache (`--policy`); writes are saved
            on the device first and then sent to the server, and a change made offline goes with the
            next `sync`, which also brings what other devices made, changed or deleted; until the server has
            it, `\(lower) show` says so in a `sync` line (ADR 0064). A change the server refuses because
            the \(lower) changed there goes as its conflict policy, `\(conflicts)`, says
            ([Extending.md](../Extending.md)); under `manual` it waits in the outbox, in conflict,
            listed by `conflicts list` with the server's version beside it (`conflicts show ID`),
            until `conflicts resolve ID --keep local` sends it over that version or `--keep remote`
            drops it and keeps that version on the device; an edit made meanwhile is kept with it, and
            says which version the server has (`saved on this device, but the server has version 2`).
            `conflicts policy --collection \(collection)`
            shows the policy, and `conflicts policy P --collection \(collection)` sets another on this device.
            To meet a conflict with one device, `server edit ID --collection \(collection) --fields JSON`
            changes \(article) \(lower) on the server as another device would (the fields named as the API
            names them, checked by the server's rules).
            [Extending.md](../Extending.md) explains each file the generator wrote.

            | Command | What it does |
            | --- | --- |
            | `\(lower) list [--policy P]` | Every \(lower), newest change first |
            | `\(lower) list --limit N [--after CURSOR]` | One page of N, newest change first, and the next page's cursor |\(isSearchable ? "\n| `\(lower) search WORDS [--policy P]` | The \(lowerPlural) in which every word begins a word of \(FeatureSpec.either(searchable.map { "`\($0.name)`" })): the server's search, or this device's index once a `sync` brought them (offline too; before that, `--policy local-only` searches what the device holds, marked stale) |" : "")
            | `\(lower) show ID [--policy P]` | One \(lower), and where it came from |
            | `\(lower) new \(fields.map { $0.isRequiredOnNew ? "\($0.flag) …" : "[\($0.flag) …]" }.joined(separator: " "))` | Creates \(article) \(lower) |
            | `\(lower) edit ID [\(fields.map(\.flag).joined(separator: ", ")) …]` | Changes the fields given |
            | `\(lower) delete ID` | Deletes \(article) \(lower) |
            | `\(lower) import FILE` | Creates \(lowerPlural) from a JSON array or JSON Lines file of records, all or none |
            | `\(lower) export ID` | Writes \(article) \(lower) to a file in `Documents/` that `\(lower) import` reads back |

            `--limit N` reads one page, newest change first, and prints the next page's cursor for
            `--after`: from the server until a `sync` brought the \(lowerPlural) here, then from the device
            (offline too); each side reads only the cursors it handed out. On a terminal, `--limit N`
            without `--after` shows a page at a time through `\(name)PagesViewModel` and asks before the
            next, as `docs list --limit N` does.
            Tab completes the identifiers of the \(lowerPlural) on this device; `--format json` prints the
            fields under their names (an empty one as `null`), with `createdAt` and `updatedAt`. Their list opens in a scene with
            `scene open list --collection \(collection)` or the link `open strata://\(collection)`\(isSearchable ? " (searched with `--query Q` or `?query=Q`)" : ""), one of them
            with `scene open item ID --collection \(collection)` or `open strata://\(collection)/ID`, and both
            follow the changes the live socket brings. `\(lower) new` and `\(lower) edit` save through
            `\(name)EditorViewModel`, the generic editor a form would use (`trace on` shows its states), as
            `docs new` and `docs edit` save through the documents' editor. An editor window opens with
            `scene open editor ID --collection \(collection)` (no ID for a new \(lower)): `edit field NAME VALUE`
            types a field as the flags take it, `save` and `revert` act on it, and a relaunch brings its
            unsaved fields back, as the document editor's draft comes back.

            An import file holds one record per \(lower): its fields by name, a text as a JSON string
            (a number there is refused), a number as a JSON number (or the text its flag takes), a moment as `2026-01-02` or an ISO 8601 time, a list as a JSON
            array, and `null` or a field left out for an optional field left empty
            ([\(examplePath)](../../\(examplePath)) holds two). Each record is read as `\(lower) new` reads
            its flags and checked by the same rules, and a record with a member the \(lower) does not
            have is refused by name: one bad record imports nothing. The records are saved a chunk at a
            time and sent while the next are saved, through `\(name)ImportViewModel`, the view model
            `docs import` uses too; a name the Inbox holds is read there, and the file is deleted once
            imported. `\(lower) export ID` writes the same format, so \(article) \(lower) goes from one device to
            another with `inbox add` and `\(lower) import`.

            ## \(capitalArticle) \(lower) from creation to an offline edit

            ```repl
            strata> \(lower) new \(fields.map { $0.typed(.first) }.joined(separator: " "))
            \(DocsTable.item(name, first, version: 1, origin: nil, pending: false))
            strata> \(lower) list
            \(listed)
            1 \(lower) (network, fresh)
            strata> \(lower) list --limit 1
            \(listed)
            1 \(lower) (network, fresh)
            end of the list\(isSearchable ? "\nstrata> \(lower) search \(searchable[0].searchWord)\n\(listed)\n1 \(lower) (network, fresh)\nstrata> \(lower) search \(searchable[0].searchWord) --policy local-only\n\(listed)\n1 \(lower) (index, stale)" : "")
            strata> \(lower) show 1
            \(DocsTable.item(name, first, version: 1, origin: "memory, fresh", pending: false))
            strata> open strata://\(collection)/1
            s1*  Default Configuration  foregroundActive  \(name) 1
            strata[\(collection):1]> scene show
            \(DocsTable.item(name, first, version: 1, origin: "memory, fresh", pending: false))
            strata[\(collection):1]> scene destroy s1
            Destroyed scene session s1.
            strata> scene open editor 1 --collection \(collection)
            s2*  Item Editor  foregroundActive  Edit \(lower) 1
            strata[editor:\(collection)/1]> edit field \(edited.name) \(edited.shown(.second))
            \(DocsTable.editor(lower, fields: first, changed: (edited.name, edited.shown(.second))))
            strata[editor:\(collection)/1]> revert
            \(DocsTable.editor(lower, fields: first, changed: nil))
            strata[editor:\(collection)/1]> scene destroy s2
            Destroyed scene session s2.
            strata> server down
            The demo server is down.
            strata> \(lower) edit 1 \(edited.typed(.second))
            \(DocsTable.item(name, second, version: 1, origin: nil, pending: true))
            strata (offline) (1 pending)> server up
            The demo server is up.
            strata (offline) (1 pending)> sync
            Synced: 1 sent, 0 settled by policy, 0 in conflict, 0 parked; [..]
            strata> \(lower) show 1 --policy remote-only
            \(DocsTable.item(name, second, version: 2, origin: "network, fresh", pending: false))
            strata> \(lower) list --policy local-only
            \(listedAgain)
            1 \(lower) (disk, fresh)
            strata> \(lower) delete 1
            Deleted \(lower) 1.
            strata> \(lower) import \(examplePath)
            Imported 2 \(lowerPlural).
            strata> \(lower) export 2
            Documents/\(exportedName)
            strata> conflicts policy --collection \(collection)
            Conflict policy of \(collection): \(conflicts)
            ```

            """
    }
}

/// The shell's tables, as the page shows them (the layout of `TextTable` in ShellKit).
enum DocsTable {
    /// The width the replayed pages are printed at.
    static let width = 80

    /// The moment every item of a replayed page was made and changed: the pages' clock stands
    /// still.
    static let moment = "2026-01-02T09:00:00Z"

    /// A list's table, or `...` (any lines) when it is wider than the page and the shell shortens cells.
    static func list(_ header: [String], _ row: [String]) -> String {
        let table = render([header, row])
        return table.split(separator: "\n").allSatisfy { $0.count <= width } ? table : "..."
    }

    static func render(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// `Recipe 1` and a line per field, its version, when it was made and changed (the replayed
    /// pages' clock stands still), where it came from and, while its change waits, that it does:
    /// `show` prints it so, and so does the item's page in a scene (`scene show`).
    static func item(_ name: String, _ fields: [(String, String)], version: Int, origin: String?, pending: Bool)
        -> String
    {
        var rows =
            fields.map { [$0.0, $0.1] } + [["version", String(version)]]
            + [["created", moment], ["updated", moment]]
        if let origin { rows.append(["origin", origin]) }
        if pending { rows.append(["sync", "pending (saved on this device, waiting to be sent)"]) }
        return "\(name) 1\n" + render(rows)
    }

    /// Item 1 in an editor window (the second session): its state, and its fields with the one
    /// `changed` typed over the saved value and marked.
    static func editor(_ noun: String, fields: [(String, String)], changed: (String, String)?) -> String {
        let state = changed == nil ? ["state", "clean"] : ["state", "dirty (unsaved)"]
        let rows = fields.map { name, text in
            name == changed?.0 ? [name, (changed?.1 ?? text) + " (changed)"] : [name, text]
        }
        return "Editor s2: \(noun) 1\n" + render([state] + rows)
    }
}
