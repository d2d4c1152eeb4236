/// The feature's error, rules, repository protocol and use cases.
extension FeatureSpec {
    func error() -> String {
        """
        public import Foundation

        /// Everything that can go wrong with \(lowerPlural), as the user should hear it.
        public enum \(name)Error: Error, LocalizedError, Equatable, Sendable {
            /// The number is not \(article) \(lower) identifier (0).
            case invalidID(Int)
            /// No \(lower) has this identifier.
            case notFound(id: \(name).ID)
            /// The input breaks a rule; the reason says which.
            case invalid(String)
            /// A field breaks a rule: the field's name, and the reason, which names it too.
            case invalidField(name: String, reason: String)
            /// The user's session is no longer valid.
            case unauthorized
            /// The user may not do this: signed in, and refused.
            case forbidden
            /// The server refused the request (malformed, or content it does not take).
            case rejected
            /// The server could not be reached or failed; the work may succeed later.
            case unavailable
            /// The server asked to wait longer than the operation may take.
            case busy(retryAfterSeconds: Int)
            /// Data arrived that the app cannot read.
            case invalidData
            /// Only data on the device was allowed and there is none.
            case notCached
            /// The device's storage failed.
            case storageFailure
            /// Plain HTTP to a host that is not an allowed exception; no request was made.
            case insecureConnection(host: String)
            /// The work was cancelled before it finished.
            case cancelled
            /// A page size outside 1 to `max`.
            case invalidPageSize(Int, max: Int)
            /// A page was asked for after a cursor this list never handed out.
            case invalidCursor
            /// The server has no \(lowerPlural) at all: it was deployed before the feature.
            case notOnServer

            /// A short message for the user.
            public var errorDescription: String? {
                switch self {
                case .invalidID(let id): "Invalid \(lower) id \\(id): ids are non-zero whole numbers"
                case .notFound(let id): "\(name) \\(id) was not found"
                case .invalid(let reason), .invalidField(_, let reason): reason
                case .unauthorized: "Please log in again"
                case .forbidden: "You are not allowed to do that"
                case .rejected: "The server refused the request"
                case .unavailable: "The server can't be reached; try again later"
                case .busy(let seconds): "The server is busy; try again in \\(seconds) s"
                case .invalidData: "The server sent data the app can't read"
                case .notCached: "Not available offline"
                case .storageFailure: "The device's storage failed"
                case .insecureConnection(let host):
                    "Plain HTTP to \\(host) is not allowed; use https or make the host an exception"
                case .cancelled: "Cancelled"
                case .invalidPageSize(let size, let max): "A page holds 1 to \\(max) \(lowerPlural), not \\(size)"
                case .invalidCursor: "That cursor does not belong to this list: use the next cursor the same list printed"
                case .notOnServer: "The server has no \(lowerPlural) yet: those made here stay on this device"
                }
            }
        }

        extension \(name)Error: UserFacingError {
            /// What a screen may offer.
            public var remedy: Remedy {
                switch self {
                case .unavailable, .busy: .retry
                case .unauthorized: .signIn
                case .invalidID, .notFound, .notCached: .pickAnother
                case .invalid, .invalidField, .invalidPageSize, .invalidCursor: .fixInput
                case .forbidden, .rejected, .invalidData, .storageFailure, .insecureConnection, .cancelled, .notOnServer:
                    .none
                }
            }

            /// The field a rule refused, by name, so a form shows the sentence beside it.
            public var fieldName: String? {
                if case .invalidField(let name, _) = self { name } else { nil }
            }
        }

        """
    }

    func rules() -> String {
        let checks = fields.compactMap { field -> String? in
            switch field.type {
            case .string:
                return """
                        try text(draft.\(field.name), named: "\(field.name)", required: true)
                    """
            case .optionalString:
                return """
                        if let value = draft.\(field.name) { try text(value, named: "\(field.name)", required: false) }
                    """
            case .strings:
                return """
                        for item in draft.\(field.name) { try storable(item, named: "\(field.name)") }
                    """
            case .int where field.range != nil, .double where field.numberBounds != nil,
                .decimal where field.numberBounds != nil:
                return """
                        try number(draft.\(field.name), named: "\(field.name)", in: \(field.rangeSource(exact: field.type == .decimal)))
                    """
            case .optionalInt where field.range != nil, .optionalDouble where field.numberBounds != nil,
                .optionalDecimal where field.numberBounds != nil:
                return """
                        if let value = draft.\(field.name) { try number(value, named: "\(field.name)", in: \(field.rangeSource(exact: field.type == .optionalDecimal))) }
                    """
            default: return nil
            }
        }
        let body = checks.isEmpty ? "        _ = draft" : checks.joined(separator: "\n")
        let foundation =
            fields.contains { [.decimal, .optionalDecimal].contains($0.type) && $0.numberBounds != nil } || hasDoubleRange
            ? "import Foundation\n\n" : ""
        return """
            \(foundation)/// The rules for \(lowerPlural).
            public enum \(name)Rules {
                /// The longest text a field holds, in characters (Unicode scalars, as the server counts them).
                public static let maxTextLength = 200

                /// The \(lower) identifier written as `number`; 0 is no identifier.
                public static func id(_ number: Int) throws(\(name)Error) -> \(name).ID {
                    guard let id = \(name).ID(rawValue: number) else { throw .invalidID(number) }
                    return id
                }

                /// Checks every field of \(article) \(lower) the user entered.
                public static func validate(_ draft: \(name)Draft) throws(\(name)Error) {
            \(body)
                }

                private static func text(_ value: String, named field: String, required: Bool) throws(\(name)Error) {
                    if required && value.unicodeScalars.allSatisfy(\\.properties.isWhitespace) { throw .invalidField(name: field, reason: "The \\(field) can't be empty") }
                    if StorableText.length(of: value) > maxTextLength {
                        throw .invalidField(name: field, reason: "The \\(field) is too long (at most \\(maxTextLength) characters)")
                    }
                    try storable(value, named: field)
                }

                /// No text may hold U+0000 (`StorableText`): the device would keep it cut short.
                private static func storable(_ value: String, named field: String) throws(\(name)Error) {
                    if !StorableText.isStorable(value) { throw .invalidField(name: field, reason: "The \\(field) can't contain the character U+0000") }
                }
            \(fields.contains { $0.range != nil || $0.numberBounds != nil } ? numberRule : "")
            }

            """
    }

    /// The rule of a number field with a range (the server's collection has the same). A
    /// `Double`'s bounds are written in digits, as `--range`, the help and the server write them:
    /// Swift would print `1e-05` and `1.0`.
    private var numberRule: String {
        let (low, high) = hasDoubleRange ? ("written(range.lowerBound)", "written(range.upperBound)") : ("range.lowerBound", "range.upperBound")
        let written = """


                    /// A bound as `--range` wrote it: a `Double` in digits (`0.00001`, where Swift prints `1e-05`).
                    private static func written<Value>(_ bound: Value) -> String {
                        guard let double = bound as? Double else { return "\\(bound)" }
                        return RecordValue.digits(of: double)
                    }
            """
        return """

                private static func number<Value: Comparable>(_ value: Value, named field: String, in range: ClosedRange<Value>) throws(\(name)Error) {
                    guard range.contains(value) else {
                        throw .invalidField(name: field, reason: "The \\(field) must be from \\(\(low)) to \\(\(high))")
                    }
                }\(hasDoubleRange ? written : "")
        """
    }

    /// Whether a `Double` field has a range.
    private var hasDoubleRange: Bool {
        fields.contains { [.double, .optionalDouble].contains($0.type) && $0.numberBounds != nil }
    }

    func repositoryProtocol() -> String {
        """
        /// Reads and writes \(lowerPlural) wherever they live; implemented in the Data layer.
        public protocol \(name)RepositoryProtocol: Sendable {
            /// Every \(lower), newest change first, then the highest identifier (the order of its pages).
            func \(lowerPlural)(policy: ReadPolicy) async throws(\(name)Error) -> Fetched<[\(name)]>
            /// One page of the \(lowerPlural), newest change first, and the next page's cursor.
            func \(lowerPlural)(page: PageRequest, policy: ReadPolicy) async throws(\(name)Error) -> Fetched<Page<\(name)>>
            /// One \(lower) by identifier.
            func \(lower)(id: \(name).ID, policy: ReadPolicy) async throws(\(name)Error) -> Fetched<\(name)>
            /// Saves a new \(lower) on this device and sends it; returns it as it is now.
            func create(_ draft: \(name)Draft) async throws(\(name)Error) -> \(name)
            /// Saves a changed \(lower) on this device and sends it; returns it as it is now.
            func update(_ \(lower): \(name)) async throws(\(name)Error) -> \(name)
            /// Deletes \(article) \(lower) on this device and sends the deletion.
            func delete(id: \(name).ID) async throws(\(name)Error)
            /// Saves new \(lowerPlural) on this device in one transaction, queued for the server; sends nothing.
            func queue(_ drafts: [\(name)Draft]) async throws(\(name)Error)
            /// Sends the queued changes, unless the network is known to be down.
            func sendQueued() async\(isSearchable ? """

                /// The \(lowerPlural) in which every one of `words` (the search words of `query`) begins a word of \(FeatureSpec.either(searchable.map { "`\($0.name)`" })): from this device's index once a sync brought them (best match first), else the server's search.
                func search(_ query: String, words: [String], policy: ReadPolicy) async throws(\(name)Error) -> Fetched<[\(name)]>
            """ : "")
        }

        """
    }

    func listUseCase() -> String {
        useCase(
            "List\(plural)", summary: "Lists every \(lower), newest change first (the order of its pages).",
            parameters: "policy: ReadPolicy = .cacheFirst", returns: "Fetched<[\(name)]>",
            body: "try await repository.\(lowerPlural)(policy: policy)", example: "execute()",
            more: """

                    /// Lists one page of the \(lowerPlural), newest change first (a size the rules refuse never
                    /// reaches the repository).
                    ///
                    /// ```swift
                    /// let first = await List\(plural)UseCase(repository: repository).execute(page: PageRequest(limit: 50))
                    /// ```
                    public func execute(page: PageRequest, policy: ReadPolicy = .cacheFirst) async -> Result<Fetched<Page<\(name)>>, \(name)Error> {
                        guard page.isValid else { return .failure(.invalidPageSize(page.limit, max: PageRequest.maxLimit)) }
                        return await .catching { () async throws(\(name)Error) in
                            try await repository.\(lowerPlural)(page: page, policy: policy)
                        }
                    }
                """)
    }

    func searchUseCase() -> String {
        useCase(
            "Search\(plural)",
            summary:
                "Finds the \(lowerPlural) in which every word of a query begins a word of \(FeatureSpec.either(searchable.map { "`\($0.name)`" })), as documents are searched (the server looks for the text itself).",
            parameters: "query: String, policy: ReadPolicy = .cacheFirst", returns: "Fetched<[\(name)]>",
            body: """
                if let refusal = SearchWords.refusal(of: query) { throw .invalid(refusal.message) }
                            let normalized = SearchWords.normalized(query)
                            return try await repository.search(normalized, words: SearchWords.words(in: normalized), policy: policy)
                """, example: "execute(query: \"fir\")")
    }

    func fetchUseCase() -> String {
        useCase(
            "Fetch\(name)", summary: "Reads one \(lower).",
            parameters: "id: \(name).ID, policy: ReadPolicy = .cacheFirst",
            returns: "Fetched<\(name)>", body: "try await repository.\(lower)(id: id, policy: policy)",
            example: "execute(id: id)")
    }

    func writeUseCase(
        _ verb: String, _ summary: String, _ parameters: String, _ returns: String, _ body: String, _ example: String
    ) -> String {
        useCase(
            "\(verb)\(name)", summary: summary, parameters: parameters, returns: returns, body: body,
            example: "execute(\(example))")
    }

    /// A use case over the feature's repository: `execute` runs `body`; `more` adds members.
    func useCase(
        _ type: String, summary: String, parameters: String, returns: String, body: String, example: String,
        more: String = ""
    ) -> String {
        """
        /// \(summary)
        public struct \(type)UseCase: Sendable {
            private let repository: any \(name)RepositoryProtocol

            /// Creates the use case over a repository.
            public init(repository: any \(name)RepositoryProtocol) {
                self.repository = repository
            }

            /// Runs the use case.
            ///
            /// ```swift
            /// let result = await \(type)UseCase(repository: repository).\(example)
            /// ```
            public func execute(\(parameters)) async -> Result<\(returns), \(name)Error> {
                await .catching { () async throws(\(name)Error) in
                    \(body)
                }
            }\(more)
        }

        """
    }
}
