import Foundation

/// The two sample values of each field that the generated tests, help and pages type, each one
/// the field's rules take: a value outside a field's `--range` would have the feature's own tests
/// and examples refused.
extension FeatureSpec.Field {
    /// Sample values: the one a new item gets and the one an edit gives it.
    enum Sample {
        case first, second
    }

    /// A sample value as Swift source.
    func swiftValue(_ sample: Sample) -> String {
        switch type {
        case .string, .optionalString: "\"\(shown(sample))\""
        case .int, .optionalInt, .double, .optionalDouble, .bool, .optionalBool: shown(sample)
        case .decimal, .optionalDecimal: decimal(sample).source
        case .date, .optionalDate:
            sample == .first
                ? "Date(timeIntervalSince1970: 1_767_312_000)" : "Date(timeIntervalSince1970: 1_767_398_400)"
        case .strings: "[" + words(sample).map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .enumeration, .optionalEnumeration: ".\(shown(sample))"
        }
    }

    /// The beginning of a word of a text field's first sample, as a search types it.
    var searchWord: String { type == .strings ? "on" : "fir" }

    /// The words of a list field's sample.
    func words(_ sample: Sample) -> [String] { sample == .first ? ["one", "two"] : ["three"] }

    /// The same value as typed after the flag (`--places one --places two` for a list).
    func typed(_ sample: Sample) -> String {
        switch type {
        case .string, .optionalString: "\(flag) \"\(shown(sample))\""
        case .date, .optionalDate: "\(flag) \(shown(sample).prefix(10))"
        case .strings: words(sample).map { "\(flag) \($0)" }.joined(separator: " ")
        case .int, .optionalInt, .double, .optionalDouble, .decimal, .optionalDecimal, .bool, .optionalBool, .enumeration,
            .optionalEnumeration:
            "\(flag) \(shown(sample))"
        }
    }

    /// The same value as the shell's tables show it.
    func shown(_ sample: Sample) -> String {
        let first = sample == .first
        return switch type {
        case .string, .optionalString: first ? "First \(name)" : "Second \(name)"
        case .int, .optionalInt: String(integer(sample))
        case .double, .optionalDouble: "\(double(sample))"
        case .decimal, .optionalDecimal: "\(decimal(sample).value)"
        case .bool, .optionalBool: first ? "true" : "false"
        case .date, .optionalDate: first ? "2026-01-02T00:00:00Z" : "2026-01-03T00:00:00Z"
        case .strings: words(sample).joined(separator: ", ")
        case .enumeration, .optionalEnumeration: first ? values[0] : values[1]
        }
    }

    /// A whole number's sample: 20 and 25, or the ends of a range that leaves them out.
    private func integer(_ sample: Sample) -> Int {
        guard let range, !(range.contains(20) && range.contains(25)) else { return sample == .first ? 20 : 25 }
        return sample == .first ? range.lowerBound : range.upperBound
    }

    /// A `Double`'s sample: 2.5 and 3.75, or two fractions inside a range that leaves them out.
    private func double(_ sample: Sample) -> Double {
        guard let numberRange, !(numberRange.contains(2.5) && numberRange.contains(3.75)) else {
            return sample == .first ? 2.5 : 3.75
        }
        let (low, high) = Self.fractions(in: numberRange)
        return sample == .first ? low : high
    }

    /// An exact decimal's sample and its Swift source: 12.5 and 13.75000000000000001, or two
    /// numbers inside a range that leaves them out. The second has more digits than a `Double`
    /// keeps, so a server that rounds fails the tests.
    private func decimal(_ sample: Sample) -> (value: Decimal, source: String) {
        let usual = [Decimal(125) / 10, Decimal(1_375_000_000_000_000_001) / 100_000_000_000_000_000]
        var value = usual[sample == .first ? 0 : 1]
        if let numberBounds, let numberRange, !usual.allSatisfy(numberBounds.contains) {
            let (low, high) = Self.fractions(in: numberRange)
            value = Self.exact(sample == .first ? low : high)
            if sample == .second {
                let tail = Self.finestStep(at: value)
                value = value + tail <= numberBounds.upperBound ? value + tail : value - tail
            }
        }
        return (value, Self.source(of: value))
    }

    /// Two numbers of the range that are not whole, so that every encoder writes them as the
    /// tables show them, and that a `Double` holds exactly: the first two odd multiples of the
    /// largest fraction ½, ¼, … that fits them both.
    private static func fractions(in range: ClosedRange<Double>) -> (Double, Double) {
        var step = 0.5
        while step >= 0x1p-40 {
            let first = (2 * ((range.lowerBound / step - 1) / 2).rounded(.up) + 1) * step
            if first + 2 * step <= range.upperBound { return (first, first + 2 * step) }
            step /= 2
        }
        return (range.lowerBound, range.upperBound)
    }

    /// The smallest power of ten that moves `value` either way while its significand keeps 18
    /// digits (an `Int` literal, as Swift source writes it): far below what a `Double` keeps.
    static func finestStep(at value: Decimal) -> Decimal {
        let limit = Decimal(1_000_000_000_000_000_000)
        for places in stride(from: 17, through: 1, by: -1) {
            let step = Decimal(sign: .plus, exponent: -places, significand: 1)
            if (value + step).significand < limit && (value - step).significand < limit { return step }
        }
        return 1
    }

    /// The decimal a `Double` is written as.
    private static func exact(_ value: Double) -> Decimal {
        Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
    }
}
