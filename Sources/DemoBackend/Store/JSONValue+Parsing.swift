import Foundation

extension JSONValue {
    /// The deepest nesting of arrays and objects a text may have (as Foundation's decoder).
    static let maxDepth = 512

    /// Reads a JSON text (RFC 8259) whole: nil when it is not exactly one JSON value, with only
    /// whitespace around it (a leading UTF-8 byte order mark is skipped).
    ///
    /// Read in one pass over the bytes: Foundation's `JSONDecoder` was a large share of the
    /// server's time on a push (ADR 0044), because a value whose kind it cannot know costs a
    /// thrown error per kind tried (see ``init(from:)``). This reader
    /// reads what that decoder reads, with two differences: it refuses a comma before a closing
    /// bracket, and it takes a lone zero before an unsigned exponent (`0e3`), as RFC 8259 has it
    /// both times. Where an object repeats a name, the first value counts, as there.
    /// `ServerJSONTests` compares the two on generated texts and at the edges.
    static func parse(_ data: Data) -> JSONValue? {
        data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.document()
        }
    }

    /// A cursor over a text's bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func document() -> JSONValue? {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            guard let value = value(depth: 0) else { return nil }
            skipWhitespace()
            return index == bytes.count ? value : nil
        }

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        private mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        /// Steps over `byte` when it comes next (after whitespace).
        private mutating func take(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard current == byte else { return false }
            index += 1
            return true
        }

        private mutating func value(depth: Int) -> JSONValue? {
            skipWhitespace()
            guard let byte = current else { return nil }
            switch byte {
            case UInt8(ascii: "\""): return string().map(JSONValue.string)
            case UInt8(ascii: "{"): return depth < JSONValue.maxDepth ? object(depth: depth + 1) : nil
            case UInt8(ascii: "["): return depth < JSONValue.maxDepth ? array(depth: depth + 1) : nil
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default: return number().map(JSONValue.number)
            }
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }

        private mutating func object(depth: Int) -> JSONValue? {
            index += 1  // {
            var members: [String: JSONValue] = [:]
            if take(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                skipWhitespace()
                guard current == UInt8(ascii: "\""), let name = string(), take(UInt8(ascii: ":")),
                    let member = value(depth: depth)
                else { return nil }
                if members[name] == nil { members[name] = member }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) ? .object(members) : nil
        }

        private mutating func array(depth: Int) -> JSONValue? {
            index += 1  // [
            var items: [JSONValue] = []
            if take(UInt8(ascii: "]")) { return .array(items) }
            repeat {
                guard let item = value(depth: depth) else { return nil }
                items.append(item)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? .array(items) : nil
        }

        /// A string whose opening quote is the current byte; its text is checked to be UTF-8.
        private mutating func string() -> String? {
            index += 1  // "
            let start = index
            // Most strings have no escapes: they are their bytes.
            while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                if byte < 0x20 { return nil }
                index += 1
            }
            guard let stop = current else { return nil }
            if stop == UInt8(ascii: "\"") {
                index += 1
                return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
            }
            var text = Array(bytes[start..<index])
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard unescape(into: &text) else { return nil }
                case ..<0x20:
                    return nil
                default:
                    text.append(byte)
                }
            }
            return nil
        }

        /// Appends the character an escape after a backslash stands for, as UTF-8.
        private mutating func unescape(into text: inout [UInt8]) -> Bool {
            guard let byte = current else { return false }
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hexUnit() else { return false }
                var value = UInt32(unit)
                if (0xD800..<0xDC00).contains(unit) {
                    // A high surrogate needs its low one, escaped right after it.
                    guard literal("\\u"), let low = hexUnit(), (0xDC00..<0xE000).contains(low) else { return false }
                    value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { return false }
                text.append(contentsOf: scalar.utf8)
            default: return false
            }
            return true
        }

        /// Four hex digits.
        private mutating func hexUnit() -> UInt16? {
            guard index + 4 <= bytes.count else { return nil }
            var unit: UInt16 = 0
            for _ in 0..<4 {
                guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
                unit = unit << 4 | UInt16(digit)
                index += 1
            }
            return unit
        }

        /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, as a finite Double.
        private mutating func number() -> Double? {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
            } else if !digits() {
                return nil
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits() else { return nil }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() else { return nil }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let number = Double(text), number.isFinite else { return nil }
            return number
        }

        /// Steps over one or more decimal digits; false when none comes.
        private mutating func digits() -> Bool {
            let start = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index > start
        }
    }
}
