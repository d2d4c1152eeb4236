public import Foundation

/// Reads a file named on the command line (`source`, `docs import`), with one clear message for
/// each way that can fail.
public enum InputFile {
    /// The file's bytes; `what` names it in messages ("script"), `maxBytes` caps its size.
    public static func contents(of path: String, what: String, maxBytes: Int) -> Result<Data, CommandFailure> {
        let prefix = "cannot read \(what) '\(path)'"
        var isDirectory: ObjCBool = false
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(CommandFailure("\(prefix): no such file"))
        }
        guard !isDirectory.boolValue else { return .failure(CommandFailure("\(prefix): it is a folder")) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(CommandFailure("\(prefix): permission denied"))
        }
        guard data.count <= maxBytes else {
            return .failure(CommandFailure("\(prefix): larger than \(maxBytes / 1_048_576) MiB"))
        }
        return .success(data)
    }
}
