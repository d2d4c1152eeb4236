import Foundation
import Hummingbird
import MultipartKit
import NIOCore

/// A `multipart/form-data` upload read as it arrives: its small fields into memory, its `file`
/// part straight into a file (hashed on the way, for the idempotency fingerprint), so a large
/// upload never sits whole in memory.
struct MultipartUpload {
    /// The text fields, by name.
    let fields: [String: String]
    /// Where the file part was written.
    let file: URL
    /// The file part's size in bytes.
    let size: Int
    /// The FNV-1a hash of the file part's bytes.
    let hash: UInt64

    /// Why an upload was not received.
    struct Refusal: Error {
        let message: String
        let status: Int
    }

    private enum Constants {
        /// The largest text field read.
        static let maxFieldBytes = 4_096
        /// How much of the file part is gathered before it is written.
        static let writeChunk = 1 << 20
    }

    /// Reads `body`, whose parts `boundary` separates, writing the `file` part to a new file in
    /// `folder`; a failure removes what it wrote.
    static func receive(
        _ body: RequestBody, boundary: String, into folder: URL, maxFileBytes: Int
    ) async throws(Refusal) -> MultipartUpload {
        let file = folder.appendingPathComponent(UUID().uuidString.lowercased())
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: file)
        else { throw Refusal(message: "the server cannot store uploads now", status: 503) }
        let reception = Reception(handle: handle, maxFileBytes: maxFileBytes)
        let parser = MultipartParser(boundary: boundary)
        let screen = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in reception.header(name, value) }
        parser.onBody = { buffer in reception.body(&buffer) }
        parser.onPartComplete = { reception.partComplete() }
        do {
            for try await chunk in body {
                do {
                    try screen.execute(Self.highBytesMasked(chunk))
                    try parser.execute(chunk)
                } catch {
                    reception.problem = Refusal(message: "the body is not valid multipart/form-data", status: 400)
                }
                if reception.problem != nil { break }
            }
            try reception.flush()
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: file)
            throw Refusal(message: "the upload was cut off", status: 400)
        }
        if let problem = reception.problem {
            try? FileManager.default.removeItem(at: file)
            throw problem
        }
        guard reception.fileParts == 1 else {
            try? FileManager.default.removeItem(at: file)
            throw Refusal(message: "expected exactly one part named file, got \(reception.fileParts)", status: 422)
        }
        return MultipartUpload(fields: reception.fields, file: file, size: reception.size, hash: reception.hash)
    }

    /// The boundary a `Content-Type: multipart/form-data; boundary=…` header names: 1 to 70
    /// printable ASCII characters, as RFC 2046 allows.
    static func boundary(ofContentType header: String?) -> String? {
        guard let header, header.lowercased().hasPrefix("multipart/form-data") else { return nil }
        return parameter("boundary", in: header).flatMap { boundary in
            let printable = boundary.utf8.allSatisfy { (0x20...0x7E).contains($0) }
            return boundary.isEmpty || boundary.utf8.count > 70 || !printable ? nil : boundary
        }
    }

    /// `chunk` with every byte above 0x7F turned into 0x01, for the parser that screens the body.
    ///
    /// MultipartKit 4.7.1 traps on such a byte in a part's header name: its table of allowed
    /// characters has 128 entries. So each chunk goes first to a second parser with those bytes
    /// masked. That parser refuses a control character in a header name, as the format does;
    /// everywhere else both parsers take the same steps, since the boundary is ASCII and the
    /// format gives no other meaning to either byte. The parser that reads the real bytes then
    /// only gets chunks the screen took.
    static func highBytesMasked(_ chunk: ByteBuffer) -> ByteBuffer {
        var masked = chunk
        masked.withUnsafeMutableReadableBytes { bytes in
            for index in bytes.indices where bytes[index] > 0x7F { bytes[index] = 0x01 }
        }
        return masked
    }

    /// The value of a `name=value` (or `name="value"`) parameter of a header.
    static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            let value = pair[1]
            return value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                ? String(value.dropFirst().dropLast()) : value
        }
        return nil
    }

    /// What the parser has found so far.
    private final class Reception {
        let handle: FileHandle
        let maxFileBytes: Int
        var headers: [(String, String)] = []
        var partName: String?
        var fieldBytes: [UInt8] = []
        var pending: [UInt8] = []
        var fields: [String: String] = [:]
        var size = 0
        var hash: UInt64 = FNV1a.hash([UInt8]())
        var fileParts = 0
        var problem: Refusal?

        init(handle: FileHandle, maxFileBytes: Int) {
            self.handle = handle
            self.maxFileBytes = maxFileBytes
        }

        func header(_ name: String, _ value: String) { headers.append((name, value)) }

        /// The current part's name (from its `Content-Disposition`; empty when it has none).
        func name() -> String {
            if let partName { return partName }
            let disposition = headers.first { $0.0.lowercased() == "content-disposition" }?.1
            let name = disposition.flatMap { MultipartUpload.parameter("name", in: $0) } ?? ""
            partName = name
            return name
        }

        func body(_ buffer: inout ByteBuffer) {
            let bytes = buffer.readableBytesView
            if name() == "file" {
                size += bytes.count
                guard size <= maxFileBytes else {
                    problem = Refusal(message: "the file is larger than \(maxFileBytes) bytes", status: 413)
                    return
                }
                hash =
                    bytes.withContiguousStorageIfAvailable { FNV1a.hash($0, continuing: hash) }
                    ?? FNV1a.hash(bytes, continuing: hash)
                pending.append(contentsOf: bytes)
                if pending.count >= Constants.writeChunk {
                    do {
                        try flush()
                    } catch {
                        problem = Refusal(message: "the server cannot store the file: \(error)", status: 503)
                    }
                }
            } else {
                fieldBytes.append(contentsOf: bytes)
                if fieldBytes.count > Constants.maxFieldBytes {
                    problem = Refusal(message: "a field is longer than \(Constants.maxFieldBytes) bytes", status: 422)
                }
            }
        }

        func partComplete() {
            let name = name()
            if name == "file" {
                fileParts += 1
            } else {
                fields[name] = String(decoding: fieldBytes, as: UTF8.self)
            }
            headers = []
            partName = nil
            fieldBytes = []
        }

        func flush() throws {
            guard !pending.isEmpty else { return }
            try handle.write(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
        }
    }
}
