import Foundation

/// Reads a script file into lines, with the same rules as typed lines.
enum ScriptFile {
    /// The largest script accepted.
    static let maxBytes = 16 * 1_048_576

    /// The lines of the file at `path`, or why it cannot be read.
    static func read(_ path: String) -> Result<[LineInput], CommandFailure> {
        var isDirectory: ObjCBool = false
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(CommandFailure("cannot read script '\(path)': no such file"))
        }
        guard !isDirectory.boolValue else {
            return .failure(CommandFailure("cannot read script '\(path)': it is a folder"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(CommandFailure("cannot read script '\(path)': permission denied"))
        }
        guard data.count <= maxBytes else {
            return .failure(CommandFailure("cannot read script '\(path)': larger than 16 MiB"))
        }
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            LineRules.decode(Array($0))
        }
        if data.last == UInt8(ascii: "\n") { lines.removeLast() }
        return .success(lines)
    }
}
