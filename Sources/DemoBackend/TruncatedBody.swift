import FlyingSocks
import Foundation

/// A response body that sends its first half and then fails, so the server closes the
/// connection mid-body (the "dropped connection" fault).
struct TruncatedBody: AsyncBufferedSequence {
    typealias Element = UInt8

    let bytes: [UInt8]

    func makeAsyncIterator() -> Iterator { Iterator(remaining: bytes[..<(bytes.count / 2)]) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var remaining: ArraySlice<UInt8>

        mutating func next() async throws -> UInt8? {
            guard let byte = remaining.popFirst() else { throw DroppedConnection() }
            return byte
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            guard !remaining.isEmpty else { throw DroppedConnection() }
            let chunk = remaining.prefix(count)
            remaining = remaining.dropFirst(chunk.count)
            return chunk
        }
    }

    struct DroppedConnection: Error {}
}
