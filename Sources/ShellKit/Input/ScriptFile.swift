import Foundation

/// Reads a script file into lines, with the same rules as typed lines.
public enum ScriptFile {
    /// The largest script accepted.
    public static let maxBytes = 16 * 1_048_576

    /// The lines of the file at `path`, or why it cannot be read.
    public static func read(_ path: String) -> Result<[LineInput], CommandFailure> {
        let data: Data
        switch InputFile.contents(of: path, what: "script", maxBytes: maxBytes) {
        case .failure(let failure): return .failure(failure)
        case .success(let read): data = read
        }
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            LineRules.decode(Array($0))
        }
        if data.last == UInt8(ascii: "\n") { lines.removeLast() }
        return .success(lines)
    }
}
