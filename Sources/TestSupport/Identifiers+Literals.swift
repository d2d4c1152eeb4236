public import Domain

// Tests write identifiers as numbers (`document(id: 2)`): production code never does, since only
// the Domain's rules turn a number into an identifier, and it does not link this target.

extension ItemID: ExpressibleByIntegerLiteral {
    /// The identifier written as `value` (0, which no item has, is read as 1).
    public init(integerLiteral value: Int) {
        guard let id = ItemID(rawValue: value) else {
            self.init(integerLiteral: 1)
            return
        }
        self = id
    }
}

extension User.ID: ExpressibleByIntegerLiteral {
    /// The identifier written as `value` (anything not positive is read as 1).
    public init(integerLiteral value: Int) {
        self = FakeData.userID(value)
    }
}
