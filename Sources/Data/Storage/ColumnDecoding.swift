package import GRDB

/// Reads a row's columns by name: GRDB's `Row` and the hot-path reader's row both do, so each
/// record decodes in one place whichever connection read it.
package protocol ColumnDecoding {
    /// The value of `column`; throws when the column is missing or its value is not a `Value`.
    func decode<Value: DatabaseValueConvertible>(_ type: Value.Type, forColumn column: some ColumnExpression) throws
        -> Value
}

extension Row: ColumnDecoding {}

extension ColumnDecoding {
    /// The value of `column`, its type inferred.
    package func callAsFunction<Value: DatabaseValueConvertible>(_ column: some ColumnExpression) throws -> Value {
        try decode(Value.self, forColumn: column)
    }
}
