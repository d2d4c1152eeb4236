/// The feature's resource description and repository.
extension FeatureSpec {
    func resource() -> String {
        """
        import Domain
        import Foundation

        /// What the generic feature store needs to know about \(lowerPlural).
        enum \(name)Resource: FeatureResource {
            typealias Item = \(name)
            typealias Record = \(name)Record
            typealias Wire = \(name)DTO

            static let collection = "\(collection)"
            static let timeToLive: TimeInterval = 300
            /// What happens to a change the server refuses because the \(lower) changed there
            /// (`scaffold-feature --conflicts`; Docs/Extending.md).
            static let conflictPolicy = ConflictPolicy.\(conflicts)
            /// The text columns the local search covers (`scaffold-feature --searchable`).
            static let searchableColumns: [String] = \(searchColumns)

            static func id(of item: \(name)) -> \(name).ID { item.id }

            static func item(_ item: \(name), identifiedAs id: \(name).ID) -> \(name) {
                var moved = item
                moved.id = id
                return moved
            }

            static func item(from wire: \(name)DTO) throws(RemoteError) -> \(name) {
                guard let number = wire.id, let id = \(name).ID.server(number), let createdAt = wire.createdAt,
                    let updatedAt = wire.updatedAt
                else {
                    throw .invalidData("\(article) \(lower) without an id, or without when it was made and changed")
                }
                return \(name)(id: id, \(fields.map { $0.isEnumeration ? "\($0.name): try choice(wire.\($0.name))" : "\($0.name): wire.\($0.name)" }.joined(separator: ", ")), createdAt: createdAt, updatedAt: updatedAt, version: wire.version ?? 1, syncState: .synced)
            }\(fields.contains(where: \.isEnumeration) ? wireChoice : "")

            static func wire(for item: \(name)) -> \(name)DTO {
                \(name)DTO(id: nil, \(fields.map { $0.isEnumeration ? "\($0.name): item.\($0.name)\($0.chain).rawValue" : "\($0.name): item.\($0.name)" }.joined(separator: ", ")), createdAt: nil, updatedAt: nil, version: nil)
            }
        }

        """
    }

    /// The resource's reading of an enum field's text from the server.
    private var wireChoice: String {
        """


            /// The enum value the server's text names; data the app cannot read when it names none.
            private static func choice<Value: RawRepresentable>(_ text: String) throws(RemoteError) -> Value
            where Value.RawValue == String {
                guard let value = Value(rawValue: text) else { throw .invalidData("\(article) \(lower) with '\\(text)' where it takes no such value") }
                return value
            }

            /// The enum value the server's text names, or none when it sends none.
            private static func choice<Value: RawRepresentable>(_ text: String?) throws(RemoteError) -> Value?
            where Value.RawValue == String {
                guard let text else { return nil }
                return try choice(text) as Value
            }
        """
    }

    func repository() -> String {
        """
        public import Domain

        /// The production ``\(name)RepositoryProtocol``: the generic feature store, offline first.
        public final class \(name)RepositoryImpl: \(name)RepositoryProtocol {
            private let store: FeatureStore<\(name)Resource>

            /// The repository over the app's data stack, talking to `api`.
            public init(stack: DataStack, api: APIClient) {
                store = FeatureStore(stack: stack, api: api)
            }

            /// Identifiers of the \(lowerPlural) on this device, for Tab completion (local reads only).
            public static func storedIDs(in database: AppDatabase) -> [Int] {
                database.knownIDs(of: \(name)Resource.self)
            }

            public func \(lowerPlural)(policy: ReadPolicy) async throws(\(name)Error) -> Fetched<[\(name)]> {
                do { return try await store.list(policy: policy) } catch { throw error.\(lower)Error(id: nil) }
            }

            public func \(lowerPlural)(page: PageRequest, policy: ReadPolicy) async throws(\(name)Error) -> Fetched<Page<\(name)>> {
                do { return try await store.page(page, policy: policy) } catch { throw error.\(lower)Error(id: nil) }
            }

            public func \(lower)(id: \(name).ID, policy: ReadPolicy) async throws(\(name)Error) -> Fetched<\(name)> {
                do { return try await store.item(id, policy: policy) } catch { throw error.\(lower)Error(id: id) }
            }

            public func create(_ draft: \(name)Draft) async throws(\(name)Error) -> \(name) {
                do { return try await store.create { id, moment in draft.\(lower)(id: id, at: moment) } } catch { throw error.\(lower)Error(id: nil) }
            }

            public func update(_ \(lower): \(name)) async throws(\(name)Error) -> \(name) {
                do { return try await store.update(\(lower)) } catch { throw error.\(lower)Error(id: \(lower).id) }
            }

            public func delete(id: \(name).ID) async throws(\(name)Error) {
                do { try await store.delete(id) } catch { throw error.\(lower)Error(id: id) }
            }

            @concurrent
            public func queue(_ drafts: [\(name)Draft]) async throws(\(name)Error) {
                do { try store.queue(drafts.map { draft in { id, moment in draft.\(lower)(id: id, at: moment) } }) } catch { throw error.\(lower)Error(id: nil) }
            }

            public func sendQueued() async {
                await store.sendQueued()
            }\(isSearchable ? """


                public func search(_ query: String, words: [String], policy: ReadPolicy) async throws(\(name)Error) -> Fetched<[\(name)]> {
                    do { return try await store.search(query, words: words, policy: policy) } catch { throw error.\(lower)Error(id: nil) }
                }
            """ : "")
        }

        extension DataSourceError {
            /// The Domain error for a failed \(lower) operation.
            fileprivate func \(lower)Error(id: \(name).ID?) -> \(name)Error {
                switch self {
                case .storage: .storageFailure
                case .notCached: .notCached
                case .invalidCursor: .invalidCursor
                case .noWordsOnDevice: .invalid(SearchWords.Refusal.noWordsOnDevice.message)
                case .remote(let remote):
                    switch remote {
                    case .notFound, .gone: id.map { .notFound(id: $0) } ?? .notOnServer  // a list's 404
                    case .unauthorized: .unauthorized
                    case .forbidden: .forbidden
                    // Changes go through the outbox, which settles conflicts: a read has none.
                    case .badRequest, .unprocessable, .conflict: .rejected
                    case .invalidData: .invalidData
                    case .rateLimited, .server, .offline, .timedOut, .unexpectedStatus: .unavailable
                    case .insecureURL(let host): .insecureConnection(host: host)
                    case .cancelled: .cancelled
                    case .retryLater(let seconds): .busy(retryAfterSeconds: seconds)
                    }
                }
            }
        }

        """
    }

    /// The server's collection for the feature (its searchable fields are what `q` searches).
    func serverFiles() -> [(path: String, text: String)] {
        // A number range's bounds are `Decimal`s, compared exactly.
        let foundation = fields.contains { $0.numberBounds != nil } ? "import Foundation\n\n" : ""
        return [
            (
                "Sources/DemoBackend/Store/\(name)Collection.swift",
                """
                \(foundation)extension FeatureCollections {
                    /// \(plural): the fields the app sends, with their rules (Docs/Features/\(name).md).
                    static let \(lowerPlural) = CollectionSpec(
                        name: "\(collection)", tagPrefix: "\(lower.prefix(1))",
                        fields: [
                \(fields.map { field in "            .init(\(field.collectionField)\(searchable.contains { $0.name == field.name } ? ", searchable: true" : ""))," }.joined(separator: "\n"))
                        ])
                }

                """
            )
        ]
    }

    /// The line that registers the collection with the demo server.
    var collectionLine: String { "        all.append(\(lowerPlural))" }
}
