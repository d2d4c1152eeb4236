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

/// A response body that arrives one byte at a time, a byte every `interval`: a connection that
/// never goes idle long enough for a per-request idle timeout, yet takes minutes to finish.
struct TrickledBody: AsyncBufferedSequence {
    typealias Element = UInt8

    let bytes: [UInt8]
    let interval: Duration

    func makeAsyncIterator() -> Iterator { Iterator(remaining: bytes[...], interval: interval) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var remaining: ArraySlice<UInt8>
        let interval: Duration

        mutating func next() async throws -> UInt8? {
            guard !remaining.isEmpty else { return nil }
            try await Task.sleep(for: interval)
            return remaining.popFirst()
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            guard let byte = try await next() else { return nil }
            return [byte]
        }
    }
}
