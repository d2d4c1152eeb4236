import Domain
import Foundation
import MultipartKit

/// The `multipart/form-data` body of an upload, written to a file: the fields `document` and
/// `name`, then the `file` part copied from the source a chunk at a time.
///
/// The upload is sent from this file (as a background upload on iOS must be): the user's file may
/// change or go once ``write(copying:name:document:to:)`` returns, and the memory used does not
/// grow with the file.
enum MultipartBodyFile {
    private enum Constants {
        /// How much of the source is read at a time.
        ///
        /// A larger chunk came from the heap once malloc had raised its threshold for a mapping of
        /// its own, and stayed there after the copy, adding to the upload's peak (ADR 0037).
        static let chunk = 1 << 16
    }

    /// The body's `Content-Type` for `boundary`.
    static func contentType(boundary: String) -> String { "multipart/form-data; boundary=\(boundary)" }

    /// Checks the source is a regular file within the size limit; returns its size.
    static func check(source: URL) throws(AttachmentError) -> Int {
        let attributes: [FileAttributeKey: Any]
        do {
            // The file a link names is what is sent (the attributes of a path are the link's own).
            attributes = try FileManager.default.attributesOfItem(atPath: source.resolvingSymlinksInPath().path)
        } catch {
            throw FileManager.default.fileExists(atPath: source.path)
                ? .unreadable(path: source.path) : .fileMissing(path: source.path)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw .notAFile(path: source.path) }
        let size = (attributes[.size] as? Int) ?? 0
        if let error = AttachmentRules.check(size: size) { throw error }
        return size
    }

    /// Writes the body for `source` named `name` of `document` to `destination`, separated by
    /// `boundary`, and flushes it to disk; returns the source's size.
    ///
    /// The body is written beside `destination` under a temporary name and renamed into place
    /// once whole, so `destination` never holds part of a body.
    static func write(
        copying source: URL, name: String, document: Int, boundary: String, to destination: URL
    ) throws(AttachmentError) -> Int {
        let partial = destination.appendingPathExtension("partial")
        defer { try? FileManager.default.removeItem(at: partial) }
        let size = try write(copying: source, name: name, document: document, boundary: boundary, into: partial)
        guard rename(partial.path, destination.path) == 0 else {
            throw .storage("cannot write the upload: \(String(cString: strerror(errno)))")
        }
        return size
    }

    /// Writes the whole body to `destination` and flushes it to disk; a failure removes it.
    private static func write(
        copying source: URL, name: String, document: Int, boundary: String, into destination: URL
    ) throws(AttachmentError) -> Int {
        let size = try check(source: source)
        guard let input = try? FileHandle(forReadingFrom: source) else { throw .unreadable(path: source.path) }
        defer { try? input.close() }
        guard FileManager.default.createFile(atPath: destination.path, contents: nil),
            let output = try? FileHandle(forWritingTo: destination)
        else { throw .storage("cannot create '\(destination.path)'") }
        defer { try? output.close() }
        let (head, tail) = try framing(name: name, document: document, boundary: boundary)
        var copied = 0
        do {
            try output.write(contentsOf: head)
            while let chunk = try input.read(upToCount: Constants.chunk), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
                copied += chunk.count
            }
            try output.write(contentsOf: tail)
            try output.synchronize()  // queued means saved: it survives a crash from here on
        } catch {
            try? FileManager.default.removeItem(at: destination)
            throw .storage("cannot write the upload: \(error.localizedDescription)")
        }
        guard copied == size else {
            try? FileManager.default.removeItem(at: destination)
            throw .unreadable(path: source.path)  // it changed while it was copied
        }
        return size
    }

    /// What goes before and after the file's bytes: the fields and the file part's headers, and
    /// the closing boundary.
    static func framing(name: String, document: Int, boundary: String) throws(AttachmentError) -> (
        head: Data, tail: Data
    ) {
        let escaped = name.replacingOccurrences(of: "\"", with: "%22")
        let parts = [
            MultipartPart(headers: ["Content-Disposition": #"form-data; name="document""#], body: String(document)),
            MultipartPart(headers: ["Content-Disposition": #"form-data; name="name""#], body: name),
            MultipartPart(
                headers: [
                    "Content-Disposition": #"form-data; name="file"; filename="\#(escaped)""#,
                    "Content-Type": "application/octet-stream",
                ],
                body: ""),
        ]
        // The file part is last and empty here: its bytes go between what comes before its end
        // (the head) and the closing boundary (the tail).
        let tail = Data("\r\n--\(boundary)--\r\n".utf8)
        guard let serialized = try? MultipartSerializer().serialize(parts: parts, boundary: boundary),
            serialized.hasSuffix("\r\n--\(boundary)--\r\n")
        else { throw .storage("cannot frame the upload of '\(name)'") }
        return (Data(serialized.utf8).dropLast(tail.count), tail)
    }
}
