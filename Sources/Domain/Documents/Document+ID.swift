extension Document {
    /// A document's identity: issued by the server, or by this device for a document created
    /// here and not sent yet (the server gives it its own identifier later).
    ///
    /// ```swift
    /// let id = try DocumentRules.id(-1)   // created on this device
    /// id.isIssuedByServer                // false
    /// ```
    public struct ID: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The identifier as a whole number, as people see it and stores keep it: positive when
        /// the server issued it, negative when this device did; never 0.
        public let rawValue: Int

        /// The identifier written as `rawValue`; `nil` for 0, which no document has.
        public init?(rawValue: Int) {
            guard rawValue != 0 else { return nil }
            self.rawValue = rawValue
        }

        /// The identifier the server issued as `number` (positive); `nil` otherwise.
        public static func server(_ number: Int) -> ID? {
            number > 0 ? ID(rawValue: number) : nil
        }

        /// The `sequence`-th identifier this device issued (1, 2, …); `nil` for anything else.
        public static func device(_ sequence: Int) -> ID? {
            sequence > 0 ? ID(rawValue: -sequence) : nil
        }

        /// Whether the server issued the identifier (the document has reached it).
        public var isIssuedByServer: Bool { rawValue > 0 }

        /// The identifier as a whole number.
        public var description: String { String(rawValue) }

        /// Identifiers order by their whole number.
        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
