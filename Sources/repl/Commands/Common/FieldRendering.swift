import Domain
import Foundation
import ShellKit

/// An item whose fields the shell declares once, by name: documents and every feature made with
/// `scaffold-feature`.
///
/// The JSON output and the export file are built from `fieldValues`, and so are the tables of a
/// feature, so they cannot disagree about a field. JSON names each field as `fieldValues` does: a
/// contract, add and never rename.
protocol FieldValued: Identifiable, Timestamped, SyncTracked where ID == ItemID<Self> {
    /// Each field's name and value, in the order the item declares them.
    var fieldValues: [(name: String, value: RecordValue)] { get }
}

/// An item the shell prints as its fields in order: one table serves every feature made with
/// `scaffold-feature`, so a feature only says what its fields are.
protocol FieldRendering: FieldValued, EditorRendering, ListRendering {}

extension FieldRendering {
    static func output(_ item: Self, provenance: Provenance) -> CommandOutput {
        .rendered(FieldItemOutput(item: item, provenance: provenance))
    }

    static func savedOutput(_ item: Self) -> CommandOutput {
        .rendered(FieldItemOutput(item: item, provenance: nil))
    }

    static func listOutput(_ items: [Self], provenance: Provenance?) -> CommandOutput {
        .rendered(FieldListOutput(items: items, provenance: provenance, page: nil))
    }
}

extension FieldValued {
    /// The item's identifier as the user types it.
    var idText: String { id.description }

    /// The server's version as the tables show it.
    var versionText: String { String(version) }

    /// The item in the shell's JSON.
    var json: FieldJSON { FieldJSON(self) }

    /// Each field's name and value as the tables show it and its flag reads it.
    var fieldTexts: [(name: String, text: String)] { fieldValues.map { ($0.name, $0.value.text) } }

    /// The item's fields as its export file holds them, and its `import` reads them.
    var fileRecord: FieldRecord { FieldRecord(fieldValues) }

    /// A field's value as the tables show it and the files hold it.
    static func value(_ value: String?) -> RecordValue { value.map(RecordValue.text) ?? .null }
    static func value(_ value: Int?) -> RecordValue { value.map { .number(String($0)) } ?? .null }
    static func value(_ value: Double?) -> RecordValue { value.map { .number(RecordValue.digits(of: $0)) } ?? .null }
    static func value(_ value: Decimal?) -> RecordValue { value.map { .number($0.description) } ?? .null }
    static func value(_ value: Bool?) -> RecordValue { value.map(RecordValue.bool) ?? .null }
    static func value(_ value: [String]) -> RecordValue { .list(value) }
    static func value(_ value: Date?) -> RecordValue { value.map { .text(text($0)) } ?? .null }
    static func value<Value: RawRepresentable>(_ value: Value?) -> RecordValue where Value.RawValue == String {
        value.map { .text($0.rawValue) } ?? .null
    }

    /// A moment as the tables show it and the date flags read it.
    static func text(_ value: Date) -> String { value.formatted(.iso8601) }
}

/// One item: `Recipe 1`, then a line per field, its version, where it came from and, until the
/// server has it, its sync state.
struct FieldItemOutput<Item: FieldRendering>: CommandRendering {
    let item: Item
    /// Where the item was read from; `nil` for the answer to a write.
    let provenance: Provenance?

    func table(styling: Styling) -> String? {
        var rows =
            item.fieldTexts.map { [$0.name, $0.text] } + [["version", item.versionText]]
            + [["created", Item.text(item.createdAt)], ["updated", Item.text(item.updatedAt)]]
        if let provenance { rows.append(["origin", provenance.text]) }
        if item.syncState != .synced { rows.append(["sync", item.syncState.explained]) }
        return Item.noun.one.prefix(1).uppercased() + Item.noun.one.dropFirst() + " \(item.idText)\n"
            + TextTable.render(rows: rows)
    }

    /// The item's row in its list's plain output.
    func plain() -> String? { ListTable.plain([FieldListOutput.cells(item)]) }

    func json() -> String {
        JSONOutput.encode(ProvenanceJSON(fields: item.json, provenance: provenance))
    }
}

/// A list of items, with a count and where it came from; a page of it also says where the next
/// page starts.
struct FieldListOutput<Item: FieldRendering>: CommandRendering {
    let items: [Item]
    let provenance: Provenance?
    /// The page's next cursor, when the list is a page (`.some(nil)` after the last page).
    let page: PageCursor??

    func table(styling: Styling) -> String? {
        let header = ["ID"] + (items.first?.fieldTexts ?? []).map { $0.name.uppercased() } + ["VERSION", "UPDATED"]
        let table = ListTable.table(
            header: header, rows: items.map(Self.cells), noun: Item.noun, provenance: provenance, styling: styling)
        guard let page else { return table }
        return table + "\n" + ListTable.pageLine(next: page)
    }

    func plain() -> String? { ListTable.plain(items.map(Self.cells), page: page) }

    func json() -> String {
        JSONOutput.encode(
            PagedJSON(
                list: ListJSON(
                    items: items.map(\.json), count: items.count,
                    provenance: provenance.map(ProvenanceJSON<FieldJSON>.Source.init)),
                page: page.map(PageJSON.init)))
    }

    /// A list in the shell's JSON.
    struct ListJSON: Encodable {
        let items: [FieldJSON]
        let count: Int
        let provenance: ProvenanceJSON<FieldJSON>.Source?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(items, forKey: .items)
            try container.encode(count, forKey: .count)
            try provenance?.encode(to: encoder)
        }

        enum CodingKeys: String, CodingKey {
            case items, count
        }
    }

    /// A row: as the documents' list, it ends with the version and when the item last changed,
    /// which is the list's order.
    static func cells(_ item: Item) -> [String] {
        [item.idText] + item.fieldTexts.map(\.text) + [item.versionText, Item.text(item.updatedAt)]
    }
}

/// An item in the shell's JSON: its fields by name, an empty one as `null` (as the export file
/// writes it), then `id`, `version`, `createdAt`, `updatedAt` and `syncState`.
struct FieldJSON: Encodable {
    let fields: FieldRecord
    let item: Common

    /// What every item has beside its fields.
    struct Common: Encodable {
        let id: Int
        let version: Int
        let createdAt: Date
        let updatedAt: Date
        let syncState: String
    }

    init(_ item: some FieldValued) {
        self.init(
            fields: item.fileRecord,
            item: Common(
                id: item.id.rawValue, version: item.version, createdAt: item.createdAt, updatedAt: item.updatedAt,
                syncState: item.syncState.rawValue))
    }

    /// An item known by its fields alone, as a conflict's side is (the sync layer knows no item's
    /// type).
    init(fields: FieldRecord, item: Common) {
        self.fields = fields
        self.item = item
    }

    func encode(to encoder: any Encoder) throws {
        try fields.encode(to: encoder)
        try item.encode(to: encoder)
    }
}

/// An item's JSON fields with `origin`, `freshness` and `ageSeconds` beside them.
struct ProvenanceJSON<Fields: Encodable>: Encodable {
    let fields: Fields
    let provenance: Provenance?

    func encode(to encoder: any Encoder) throws {
        try fields.encode(to: encoder)
        try provenance.map(Source.init)?.encode(to: encoder)
    }

    /// Where the item came from, as JSON fields.
    struct Source: Encodable {
        let origin: String
        let freshness: String
        let ageSeconds: Int

        init(_ provenance: Provenance) {
            origin = provenance.origin.rawValue
            freshness = provenance.freshness.rawValue
            ageSeconds = provenance.ageSeconds
        }
    }
}
