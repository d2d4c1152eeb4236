import Foundation

/// The rules for attachments: one place, used by every use case that names or sends a file.
public enum AttachmentRules {
    /// The longest name allowed, in UTF-8 bytes (what file systems allow for one name).
    public static let maxNameBytes = 255
    /// The largest file allowed, in bytes (1 GiB).
    public static let maxFileBytes = 1 << 30

    /// The first rule `name` breaks, if any.
    ///
    /// A name is one file name: it is used as a file name on the server and in `Documents/` when
    /// downloaded, so nothing in it may climb out of a folder or hide from a listing.
    public static func check(name: String) -> AttachmentError? {
        func invalid(_ reason: String) -> AttachmentError { .invalidName(name, reason: reason) }
        if name.isEmpty { return invalid("it is empty") }
        if name == "." || name == ".." { return invalid("it names a folder") }
        // Read by Unicode scalars, as a file system reads the name: a mark after `/` or `.` joins
        // it into one character, which a comparison of characters does not find.
        let scalars = name.unicodeScalars
        if scalars.contains("/") || scalars.contains("\\") { return invalid("it contains a path separator") }
        if scalars.contains(where: { $0.properties.generalCategory == .control }) {
            return invalid("it contains a control character")
        }
        if scalars.first == "." { return invalid("it starts with a dot (hidden files are not attached)") }
        if name != name.trimmingCharacters(in: .whitespacesAndNewlines) {
            return invalid("it starts or ends with white space")
        }
        if name.utf8.count > maxNameBytes { return invalid("it is longer than \(maxNameBytes) bytes") }
        return nil
    }

    /// The first rule a file of `bytes` bytes breaks, if any.
    public static func check(size bytes: Int) -> AttachmentError? {
        bytes > maxFileBytes ? .tooLarge(bytes: bytes, limit: maxFileBytes) : nil
    }
}
