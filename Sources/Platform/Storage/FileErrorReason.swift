import Foundation

/// The system's reason a file operation failed, in one line.
///
/// Foundation's file errors wrap the POSIX error that caused them; their own description is
/// generic ("The operation could not be completed. (NSCocoaErrorDomain error 256.)") or prints the
/// whole user info, while the POSIX reason says what a person can fix ("Is a directory").
nonisolated enum FileErrorReason {
    /// The POSIX reason inside `error` (or `error` itself when it is one), else its failure reason
    /// or description.
    static func of(_ error: any Error) -> String {
        let error = error as NSError
        let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        let posix = [error, underlying].compactMap { $0 }.first { $0.domain == NSPOSIXErrorDomain }
        if let posix { return String(cString: strerror(Int32(posix.code))) }
        return error.localizedFailureReason ?? error.localizedDescription
    }
}
