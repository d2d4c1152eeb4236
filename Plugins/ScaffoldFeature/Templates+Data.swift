/// The Data files of a feature: its record, wire form, resource description and repository.
extension FeatureSpec {
    func dataFiles() -> [(path: String, text: String)] {
        let folder = "Sources/Data/\(plural)"
        return [
            ("\(folder)/\(name)Record.swift", record()),
            ("\(folder)/\(name)DTO.swift", dto()),
            ("\(folder)/\(name)Resource.swift", resource()),
            ("\(folder)/\(name)RepositoryImpl.swift", repository()),
        ]
    }

    /// The line that registers the table with the app's migrations.
    var migrationLine: String {
        "        all.append(\(name)Record.migration)"
    }

    /// The searchable fields' columns as a Swift array literal.
    var searchColumns: String { "[" + searchable.map { "\"\($0.snakeName)\"" }.joined(separator: ", ") + "]" }

    private func recordType(_ field: Field) -> String { field.type == .strings ? "String" : field.storedType }

    private func record() -> String {
        let columns =
            (["id INTEGER PRIMARY KEY"] + fields.map(\.column) + [
                "created_at REAL NOT NULL", "updated_at REAL NOT NULL", "version INTEGER NOT NULL",
            ])
            .map { "                \($0)" }.joined(separator: ",\n")
        let keys = fields.filter { $0.snakeName != $0.name }.map { "        case \($0.name) = \"\($0.snakeName)\"" }
        let codingKeys =
            (["        case id, version"] + fields.filter { $0.snakeName == $0.name }.map { "        case \($0.name)" }
            + keys
            + ["        case createdAt = \"created_at\"", "        case updatedAt = \"updated_at\""])
            .joined(separator: "\n")
        let toRecord = fields.map { field in
            switch field.type {
            case .strings: "        self.\(field.name) = Self.text(object.\(field.name))"
            case .enumeration, .optionalEnumeration: "        self.\(field.name) = object.\(field.name)\(field.chain).rawValue"
            default: "        self.\(field.name) = object.\(field.name)"
            }
        }.joined(separator: "\n")
        let toObject =
            (fields.map { field in
                switch field.type {
                case .strings: "\(field.name): Self.list(\(field.name))"
                case .enumeration, .optionalEnumeration: "\(field.name): try Self.choice(\(field.name))"
                default: "\(field.name): \(field.name)"
                }
            } + [
                "createdAt: Date(timeIntervalSince1970: createdAt)",
                "updatedAt: Date(timeIntervalSince1970: updatedAt)",
            ]).joined(separator: ", ")
        let stamps = ["createdAt", "updatedAt"]
        return """
            import Domain
            import Foundation
            import GRDB

            /// A row of `\(table)`: \(article) \(lower) on this device.
            struct \(name)Record: Codable, CacheableRecord {
                static let databaseTableName = "\(table)"
                static let cacheNamespace = "\(table)"
                static var keyColumn: Column { Columns.id }

                /// The migration that creates the table (registered in `FeatureRegistry`).
                static let migration = FeatureRegistry.Migration(
                    name: FeatureRegistry.Migration.namePrefix + "\(lower): \(table) table", table: "\(table)",
                    sql: \"\"\"
                        CREATE TABLE \(table) (
            \(columns)
                        );
                        CREATE INDEX \(table)_order ON \(table) (updated_at DESC, id DESC);
                        \"\"\"\(isSearchable ? " + SearchIndex.schema(table: \"\(table)\", columns: \(searchColumns))" : ""))

                var id: Int
            \(fields.map { "    var \($0.name): \(recordType($0))" }.joined(separator: "\n"))
                /// When it was made and last changed, in seconds since 1970 (the engine pages by them).
                var createdAt: Double
                var updatedAt: Double
                var version: Int

                enum CodingKeys: String, CodingKey {
            \(codingKeys)
                }

                /// The table's columns.
                enum Columns {
                    static let id = Column(CodingKeys.id)
            \((fields.map(\.name) + stamps).map { "        static let \($0) = Column(CodingKeys.\($0))" }.joined(separator: "\n"))
                    static let version = Column(CodingKeys.version)
                }

                static func databaseKey(_ key: \(name).ID) -> DatabaseValue { key.rawValue.databaseValue }

                init(_ object: \(name), key: \(name).ID) {
                    id = key.rawValue
            \(toRecord)
                    createdAt = object.createdAt.timeIntervalSince1970
                    updatedAt = object.updatedAt.timeIntervalSince1970
                    version = object.version
                }

                init(columns row: some ColumnDecoding) throws {
                    id = try row(Columns.id)
            \((fields.map(\.name) + stamps).map { "        self.\($0) = try row(Columns.\($0))" }.joined(separator: "\n"))
                    version = try row(Columns.version)
                }

                func encodeColumns(into container: inout some ColumnEncoding) {
                    container[Columns.id] = id
            \((fields.map(\.name) + stamps).map { "        container[Columns.\($0)] = self.\($0)" }.joined(separator: "\n"))
                    container[Columns.version] = version
                }

                /// The \(lower) in the row.
                func object() throws(StorageError) -> \(name) {
                    guard let itemID = \(name).ID(rawValue: id) else { throw .corruptRow("\(table) id 0") }
                    return \(name)(id: itemID, \(toObject), version: version, syncState: .synced)
                }
            \(fields.contains { $0.type == .strings } ? listHelpers : "")\(fields.contains(where: \.isEnumeration) ? choiceHelper : "")
            }

            """
    }

    private var choiceHelper: String {
        """

            /// The enum value a column's text names; a damaged row when it names none.
            private static func choice<Value: RawRepresentable>(_ text: String) throws(StorageError) -> Value
            where Value.RawValue == String {
                guard let value = Value(rawValue: text) else { throw .corruptRow("\(table): no value '\\(text)'") }
                return value
            }

            /// The enum value an optional column's text names, or none.
            private static func choice<Value: RawRepresentable>(_ text: String?) throws(StorageError) -> Value?
            where Value.RawValue == String {
                guard let text else { return nil }
                return try choice(text) as Value
            }
        """
    }

    private var listHelpers: String {
        """

            /// A list of words as the JSON text the column keeps.
            private static func text(_ list: [String]) -> String {
                (try? JSONEncoder().encode(list)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            }

            /// The list of words in the column's JSON text (empty when it is damaged).
            private static func list(_ text: String) -> [String] {
                (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
            }
        """
    }

    private func dto() -> String {
        """
        import Foundation

        /// \(capitalArticle) \(lower) as the server sends it; a write sends it without `id`, `version` and its times.
        struct \(name)DTO: Codable, Sendable {
            var id: Int?
        \(fields.map { "    var \($0.name): \($0.storedType)" }.joined(separator: "\n"))
            /// When the server made it and last changed it (the server sets both).
            var createdAt: Date?
            var updatedAt: Date?
            var version: Int?

            enum CodingKeys: String, CodingKey {
                case id, version, createdAt, updatedAt, \(fields.map(\.name).joined(separator: ", "))
            }

            /// Writes every field (`null` for an empty optional one), and `id`, the times and `version`
            /// when set (never in a write).
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeIfPresent(id, forKey: .id)
        \(fields.map { "        try container.encode(self.\($0.name), forKey: .\($0.name))" }.joined(separator: "\n"))
                try container.encodeIfPresent(createdAt, forKey: .createdAt)
                try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
                try container.encodeIfPresent(version, forKey: .version)
            }
        }

        """
    }
}
