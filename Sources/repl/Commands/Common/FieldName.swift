/// A JSON member named at run time: a field of an item's conflict, or a member of an imported
/// record that its format may not have.
struct FieldName: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
