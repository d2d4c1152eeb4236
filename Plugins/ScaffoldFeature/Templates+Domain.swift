/// The Domain files of a feature: the entity, its draft, error, rules, repository protocol and
/// one use case per operation.
extension FeatureSpec {
    func domainFiles() -> [(path: String, text: String)] {
        let folder = "Sources/Domain/\(plural)"
        return [
            ("\(folder)/\(name).swift", entity()),
            ("\(folder)/\(name)Draft.swift", draft()),
            ("\(folder)/\(name)Error.swift", error()),
            ("\(folder)/\(name)Rules.swift", rules()),
            ("\(folder)/\(name)RepositoryProtocol.swift", repositoryProtocol()),
            ("\(folder)/List\(plural)UseCase.swift", listUseCase()),
            ("\(folder)/Fetch\(name)UseCase.swift", fetchUseCase()),
            (
                "\(folder)/Create\(name)UseCase.swift",
                writeUseCase(
                    "Create", "Saves a new \(lower) (offline first) and sends it.", "_ draft: \(name)Draft", "\(name)",
                    "try \(name)Rules.validate(draft)\n            return try await repository.create(draft)", "draft")
            ),
            (
                "\(folder)/Update\(name)UseCase.swift",
                writeUseCase(
                    "Update", "Saves a changed \(lower) (offline first) and sends it.", "_ \(lower): \(name)",
                    "\(name)",
                    "try \(name)Rules.validate(\(name)Draft(\(lower)))\n            return try await repository.update(\(lower))",
                    "\(lower)")
            ),
            (
                "\(folder)/Delete\(name)UseCase.swift",
                writeUseCase(
                    "Delete", "Deletes \(article) \(lower) (offline first) and sends the deletion.", "id: \(name).ID", "Void",
                    "try await repository.delete(id: id)", "id: id")
            ),
            ("\(folder)/Import\(plural)UseCase.swift", importUseCase()),
        ] + (isSearchable ? [("\(folder)/Search\(plural)UseCase.swift", searchUseCase())] : [])
    }

    /// Many new items at once (`\(lower) import FILE`): all saved, or none.
    private func importUseCase() -> String {
        useCase(
            "Import\(plural)", summary: "Validates and saves many new \(lowerPlural) at once (an import): all of them, or none.",
            parameters: "_ drafts: [\(name)Draft]", returns: "Void",
            body: "for draft in drafts { try \(name)Rules.validate(draft) }\n            try await repository.queue(drafts)\n            await repository.sendQueued()",
            example: "execute(drafts)",
            more: """

                    /// Saves the drafts as ``execute(_:)`` does, but only queues them for the server;
                    /// ``send()`` sends them, so an import saves its next part while the earlier ones are sent.
                    public func save(_ drafts: [\(name)Draft]) async -> Result<Void, \(name)Error> {
                        await .catching { () async throws(\(name)Error) in
                            for draft in drafts { try \(name)Rules.validate(draft) }
                            try await repository.queue(drafts)
                        }
                    }

                    /// Sends what ``save(_:)`` queued, when the server can be reached (else it stays queued).
                    public func send() async {
                        await repository.sendQueued()
                    }
                """)
    }

    /// The entity's initializer's parameters and assignments: its fields, then when it was made
    /// and last changed.
    private var allFields: [(name: String, type: String)] {
        fields.map { ($0.name, $0.swiftType) } + [("createdAt", "Date"), ("updatedAt", "Date")]
    }

    private var properties: String {
        fields.map { "    /// The \(lower)'s \($0.name).\n    public var \($0.name): \($0.swiftType)" }.joined(
            separator: "\n")
    }

    private func entity() -> String {
        """
        public import Foundation

        /// \(capitalArticle) \(lower) of the app.
        public struct \(name): ServerIdentified, Hashable, Timestamped, SyncTracked, Sendable {
            /// \(capitalArticle) \(lower)'s identity: the server's, or this device's until the server numbers it.
            public typealias ID = ItemID<\(name)>

            /// The \(lower)'s identifier.
            public var id: ID
        \(properties)
            /// When the \(lower) was made (the server's time once it has it).
            public let createdAt: Date
            /// When the \(lower) last changed.
            public var updatedAt: Date
            /// The server's version (0 for \(article) \(lower) not sent yet, which builds on none).
            public var version: Int
            /// Whether the server has this version: the device says so when it reads the \(lower).
            public var syncState: SyncState

            /// Creates \(article) \(lower) from its fields.
            public init(id: ID, \(allFields.map { "\($0.name): \($0.type)" }.joined(separator: ", ")), version: Int, syncState: SyncState) {
                self.id = id
        \(allFields.map { "        self.\($0.name) = \($0.name)" }.joined(separator: "\n"))
                self.version = version
                self.syncState = syncState
            }
        }
        \(fields.filter(\.isEnumeration).map(enumeration).joined())
        """
    }

    /// An enum field's type: its values, by name.
    private func enumeration(_ field: Field) -> String {
        """

        /// What \(article) \(lower)'s \(field.name) can be.
        public enum \(field.enumName ?? field.swiftType): String, CaseIterable, Hashable, Sendable {
        \(field.values.map { "    /// \($0).\n    case \($0)" }.joined(separator: "\n"))
        }

        """
    }

    private func draft() -> String {
        """
        public import Foundation

        /// The fields of \(article) \(lower) the user enters, before it has an identifier.
        public struct \(name)Draft: Hashable, Sendable {
        \(properties)

            /// Creates a draft from its fields.
            public init(\(fields.map { "\($0.name): \($0.swiftType)" }.joined(separator: ", "))) {
        \(fields.map { "        self.\($0.name) = \($0.name)" }.joined(separator: "\n"))
            }

            /// The fields of an existing \(lower).
            public init(_ \(lower): \(name)) {
        \(fields.map { "        self.\($0.name) = \(lower).\($0.name)" }.joined(separator: "\n"))
            }

            /// The \(lower) these fields make under `id`, made at `moment`.
            public func \(lower)(id: \(name).ID, at moment: Date) -> \(name) {
                \(name)(id: id, \(fields.map { "\($0.name): self.\($0.name)" }.joined(separator: ", ")), createdAt: moment, updatedAt: moment, version: 0, syncState: .pending)
            }

            /// `\(lower)` with these fields; its identifier and version stay.
            public func applied(to \(lower): \(name)) -> \(name) {
                var changed = \(lower)
        \(fields.map { "        changed.\($0.name) = self.\($0.name)" }.joined(separator: "\n"))
                return changed
            }

            /// These fields, typed over `old`, moved onto `new`: a field changed here keeps its value,
            /// the others take `new`'s (an editor whose \(lower) changed elsewhere keeps the user's typing).
            public func rebased(from old: \(name)Draft, onto new: \(name)Draft) -> \(name)Draft {
                var rebased = new
        \(fields.map { "        if self.\($0.name) != old.\($0.name) { rebased.\($0.name) = self.\($0.name) }" }.joined(separator: "\n"))
                return rebased
            }
        }

        """
    }
}
