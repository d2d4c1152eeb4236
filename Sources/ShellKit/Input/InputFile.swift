public import Foundation

/// Reads a file named on the command line (`source`, `docs import`), with one clear message for
/// each way that can fail.
public enum InputFile {
    /// The file's bytes; `what` names it in messages ("script"), `maxBytes` caps its size.
    ///
    /// At most `maxBytes` + 1 bytes are read, so a file that is too large (or a device that never
    /// ends, such as `/dev/zero`) is refused without being taken into memory whole.
    public static func contents(of path: String, what: String, maxBytes: Int) -> Result<Data, CommandFailure> {
        let prefix = "cannot read \(what) '\(path)'"
        var isDirectory: ObjCBool = false
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(CommandFailure("\(prefix): no such file"))
        }
        guard !isDirectory.boolValue else { return .failure(CommandFailure("\(prefix): it is a folder")) }
        // Opened without waiting: a named pipe nobody writes to would hold the open (and the
        // shell) forever. Reads wait again once it is open, for a pipe that has a writer
        // (`docs import <(jq …)`); one without a writer reads as empty.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            return .failure(CommandFailure("\(prefix): \(reason)"))
        }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        // Read with read(2), as it was opened: a failure is the system's reason (`Input/output
        // error`), where Foundation's reads wrap it in a generic "could not be completed".
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count <= maxBytes {
            let count = read(descriptor, &buffer, min(buffer.count, maxBytes + 1 - data.count))
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                break
            } else if errno != EINTR {
                return .failure(CommandFailure("\(prefix): \(String(cString: strerror(errno)))"))
            }
        }
        guard data.count <= maxBytes else {
            return .failure(CommandFailure("\(prefix): larger than \(size(maxBytes))"))
        }
        return .success(data)
    }

    /// A limit as a person reads it: whole mebibytes as "16 MiB", anything else in bytes.
    private static func size(_ bytes: Int) -> String {
        bytes >= 1_048_576 && bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MiB" : "\(bytes) bytes"
    }
}
