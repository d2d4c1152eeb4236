/// What every text an app keeps must be, whatever its entity: free of U+0000 (NUL), and measured
/// as the server measures it.
///
/// SQLite's C interface, under every store on the device, ends a bound text at its first NUL, so
/// such a text would be kept cut short here while the server kept it whole. The rules of every
/// entity refuse it, as the server's collections do.
public enum StorableText {
    /// Whether `text` can be kept as it is.
    public static func isStorable(_ text: String) -> Bool {
        !text.utf8.contains(0)
    }

    /// The length of `text` as every rule counts it: in Unicode scalars.
    ///
    /// The contract's `maxLength` (JSON Schema) and the server count so; counting characters, the
    /// device saved texts the server then refused. A flag, or an accent typed as a mark of its
    /// own, counts two.
    public static func length(of text: String) -> Int {
        text.unicodeScalars.count
    }
}
