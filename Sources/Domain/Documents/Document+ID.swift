extension Document {
    /// A document's identity: issued by the server, or by this device for a document created
    /// here and not sent yet (the server gives it its own identifier later).
    ///
    /// ```swift
    /// let id = try DocumentRules.id(-1)   // created on this device
    /// id.isIssuedByServer                // false
    /// ```
    public typealias ID = ItemID<Document>
}

extension Document: ServerIdentified {}
