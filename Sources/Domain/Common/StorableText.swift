/// What every text an app keeps must be, whatever its entity: free of U+0000 (NUL).
///
/// SQLite's C interface, under every store on the device, ends a bound text at its first NUL, so
/// such a text would be kept cut short here while the server kept it whole. The rules of every
/// entity refuse it, as the server's collections do.
public enum StorableText {
    /// Whether `text` can be kept as it is.
    public static func isStorable(_ text: String) -> Bool {
        !text.utf8.contains(0)
    }
}
