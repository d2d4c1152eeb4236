import Foundation

/// Compares actual REPL output with a block's expected lines.
///
/// `...` alone on a line matches any number of lines; within a line `[..]` matches any text,
/// `[ID]` an identifier and `[TIMESTAMP]` an ISO 8601 UTC time.
enum TranscriptMatcher {
    /// Whether every expected line matches the actual output, in order.
    static func matches(expected: [String], actual: [String]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ i: Int, _ j: Int) -> Bool {
            let key = i * (actual.count + 1) + j
            if let known = memo[key] { return known }
            let result: Bool
            if i == expected.count {
                result = j == actual.count
            } else if expected[i] == "..." {
                result = match(i + 1, j) || (j < actual.count && match(i, j + 1))
            } else {
                result = j < actual.count && lineMatches(expected[i], actual[j]) && match(i + 1, j + 1)
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    /// Whether one actual line matches one expected line with its placeholders.
    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        guard pattern.contains("[") else { return pattern == line }
        var regex = "^"
        var rest = Substring(pattern)
        outer: while !rest.isEmpty {
            for (token, replacement) in placeholders where rest.hasPrefix(token) {
                regex += replacement
                rest = rest.dropFirst(token.count)
                continue outer
            }
            regex += NSRegularExpression.escapedPattern(for: String(rest.removeFirst()))
        }
        regex += "$"
        return line.range(of: regex, options: .regularExpression) != nil
    }

    /// The expected lines rewritten to match `actual`: lines that still match keep their
    /// placeholders, and a `...` line stays, standing for whatever now falls where it stood (the
    /// help listing keeps room for the commands of generated features).
    static func updated(expected: [String], actual: [String]) -> [String] {
        let patternPositions = expected.indices.filter { expected[$0] != "..." }
        let patterns = patternPositions.map { expected[$0] }
        let pairs = alignment(patterns, actual)
        var result: [String] = []
        var unmatched: [String] = []
        var nextPattern = 0
        var lastPosition = -1
        func settle(before position: Int) {
            let wildcard = expected[(lastPosition + 1)..<position].contains("...")
            result += wildcard ? ["..."] : unmatched
            unmatched = []
        }
        for (index, line) in actual.enumerated() {
            if let patternIndex = pairs[index], patternIndex >= nextPattern {
                settle(before: patternPositions[patternIndex])
                result.append(patterns[patternIndex])
                nextPattern = patternIndex + 1
                lastPosition = patternPositions[patternIndex]
            } else {
                unmatched.append(line)
            }
        }
        settle(before: expected.count)
        return result
    }

    /// A line diff of expected against actual: ` ` same, `-` expected only, `+` actual only.
    static func diff(expected: [String], actual: [String]) -> String {
        let patterns = expected.filter { $0 != "..." }
        let pairs = alignment(patterns, actual)
        var output: [String] = []
        var added: [String] = []
        var nextPattern = 0
        for (index, line) in actual.enumerated() {
            guard let patternIndex = pairs[index] else {
                added.append("+" + line)
                continue
            }
            output += patterns[nextPattern..<patternIndex].map { "-" + $0 } + added
            output.append(" " + line)
            added = []
            nextPattern = patternIndex + 1
        }
        output += patterns[nextPattern...].map { "-" + $0 } + added
        return output.joined(separator: "\n")
    }
}

// MARK: - Private

extension TranscriptMatcher {
    private static let placeholders: [(String, String)] = [
        ("[..]", ".*"),
        ("[ID]", "(?:[0-9]+|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})"),
        ("[TIMESTAMP]", "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]+)?Z"),
    ]

    /// For each actual line, the pattern line it is paired with by a longest common subsequence.
    private static func alignment(_ patterns: [String], _ actual: [String]) -> [Int: Int] {
        let rows = patterns.count
        let columns = actual.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                table[i][j] =
                    lineMatches(patterns[i], actual[j])
                    ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var pairs: [Int: Int] = [:]
        var i = 0
        var j = 0
        while i < rows && j < columns {
            if lineMatches(patterns[i], actual[j]) && table[i][j] == table[i + 1][j + 1] + 1 {
                pairs[j] = i
                i += 1
                j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}
