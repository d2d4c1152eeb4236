import Foundation

/// Reads lines from a file descriptor (a pipe or file), in large chunks, without prompts.
///
/// Lines longer than ``LineRules/maxLineBytes`` are consumed to their end but not kept, so a huge
/// line costs bounded memory and is reported once.
public struct StreamLineReader: LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var overflowed = false
    private var atEnd = false

    /// Creates a reader over `descriptor` (standard input by default).
    public init(descriptor: Int32 = 0) {
        self.descriptor = descriptor
    }

    /// Reads the next line; the prompt is ignored.
    public mutating func readLine(prompt: String) -> LineInput {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return finishLine(line)
            }
            if buffer.count > LineRules.maxLineBytes {
                overflowed = true
                buffer.removeAll(keepingCapacity: true)
            }
            if atEnd {
                if buffer.isEmpty && !overflowed { return .end }
                let line = buffer
                buffer.removeAll()
                return finishLine(line)
            }
            fill()
        }
    }
}

// MARK: - Private

extension StreamLineReader {
    private enum Constants {
        static let chunkSize = 65_536
    }

    private mutating func finishLine(_ line: [UInt8]) -> LineInput {
        if overflowed {
            overflowed = false
            return .rejected("line too long (the limit is 2 MiB)")
        }
        return LineRules.decode(line)
    }

    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: Constants.chunkSize)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Constants.chunkSize) }
        if count > 0 {
            buffer.append(contentsOf: chunk[..<count])
        } else if count < 0 && errno == EINTR {
            return
        } else {
            atEnd = true
        }
    }
}
