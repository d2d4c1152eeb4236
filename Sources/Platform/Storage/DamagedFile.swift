public import Foundation

/// What every store of the app's own files does with one that is there but does not read as it
/// wrote it (ADR 0074): keeps it beside itself as `NAME.damaged`, replacing a copy kept before,
/// and starts empty; the user hears one warning that names the copy.
///
/// Nothing is deleted, and the app goes on: the copy is there to inspect or to put back. A file
/// that cannot be read at all (a folder in its place, a read error) is not damaged: its store
/// reports the error and leaves it.
nonisolated public enum DamagedFile {
    /// Moves `file` to `NAME.damaged` and answers the warning: "`what` in NAME could not be read
    /// (kept as NAME.damaged); `then`".
    public static func setAside(_ file: URL, holding what: String, then consequence: String) -> String {
        let kept = file.appendingPathExtension("damaged")
        let fate: String
        if rename(file.path, kept.path) == 0 {
            fate = "kept as \(kept.lastPathComponent)"
        } else {
            fate = "it could not be moved aside: \(String(cString: strerror(errno)))"
        }
        return "\(what) in \(file.lastPathComponent) could not be read (\(fate)); \(consequence)"
    }
}
