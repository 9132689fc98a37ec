import Foundation
import Testing
@testable import StubEngine
import StubFormats

/// Value matchers against references that share none of their code: `matches` and
/// `doesNotMatch` against Swift's own `Regex` engine, the number comparisons against
/// `JSONSerialization` and `Decimal`, `contains` against `range(of:)`, and `and`, `or`,
/// `hasExactly` and `includes` against their definitions, on random patterns and values.
@Suite struct ValueMatcherReferenceTests {
    /// Values from a small alphabet, so patterns often match: letters, digits, a space, a dash,
    /// a newline (a trailing one must not be swallowed) and a dot.
    static func value(using generator: inout SeededGenerator) -> String {
        let alphabet: [Character] = ["a", "b", "A", "1", "2", " ", "-", "\n", "."]
        return String((0..<Int.random(in: 0...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// A pattern in the syntax Swift's `Regex` and ICU share: literals, classes, `.`, quantifiers,
    /// groups and alternation, at the top level too (which must still cover the whole value).
    static func pattern(depth: Int = 0, using generator: inout SeededGenerator) -> String {
        let atoms = ["a", "b", "1", "\\d", "\\s", "[ab]", "[^a]", "[a-z]", ".", "\\.", "-", " ", "A", "(?i:a)"]
        var text = ""
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            var atom = atoms.randomElement(using: &generator)!
            if depth < 2, Int.random(in: 0..<5, using: &generator) == 0 {
                atom = "(" + pattern(depth: depth + 1, using: &generator) + ")"
            }
            atom += ["", "", "", "*", "+", "?", "{1,2}", "{2}"].randomElement(using: &generator)!
            text += atom
        }
        if Int.random(in: 0..<3, using: &generator) == 0 { text += "|" + pattern(depth: depth + 1, using: &generator) }
        return text
    }

    @Test(arguments: 0..<10) func matchesIsSwiftsRegexOnTheWholeValue(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 9_100 + seed)
        for _ in 0..<40 {
            let pattern = Self.pattern(using: &generator)
            let reference = try Regex(pattern)
            let matches = try ValueMatcher(.matches(pattern))
            let doesNotMatch = try ValueMatcher(.doesNotMatch(pattern))
            for _ in 0..<12 {
                let text = Self.value(using: &generator)
                let expected = (try? reference.wholeMatch(in: text)) != nil
                #expect(matches.matches(.string(text)) == expected, "/\(pattern)/ on \(text.debugDescription): expected \(expected)")
                #expect(doesNotMatch.matches(.string(text)) == !expected, "!/\(pattern)/ on \(text.debugDescription)")
            }
            // A missing value never matches, and never fails not to.
            #expect(!matches.matches(nil) && doesNotMatch.matches(nil))
        }
    }

    /// Text that may or may not be a JSON number: what a query or header value holds.
    static func numberText(using generator: inout SeededGenerator) -> String {
        let parts = ["0", "1", "10", "-1", "-0", "1.5", "1500.50", "99.99", "100", "1e2", "1E-1", "2.5e+1", "01", ".5", "5.",
                     "+1", "1_000", "0x10", "NaN", "inf", "-", "", "abc", "1,5", "1 0", "true", "1e", "--1", "1.0.0"]
        var text = parts.randomElement(using: &generator)!
        if Int.random(in: 0..<5, using: &generator) == 0 { text = " " + text + " " }
        return text
    }

    /// The reference: a JSON number, as `JSONSerialization` reads one (not a boolean), by value.
    static func referenceNumber(_ text: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.first != "t", trimmed.first != "f",
              let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8), options: .fragmentsAllowed),
              let number = object as? NSNumber else { return nil }
        return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")) ?? number.decimalValue
    }

    @Test(arguments: 0..<6) func numberComparisonsReadNumbersAsJSONDoesAndCompareByValue(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 9_200 + seed)
        let bounds: [Double] = [0, 1, 10, -1, 1.5, 100, 1500.5, 25]
        for _ in 0..<120 {
            let text = Self.numberText(using: &generator)
            let bound = bounds.randomElement(using: &generator)!
            let reference = Self.referenceNumber(text)
            for comparison in ValueMatcher.NumberComparison.allCases {
                let matcher = try ValueMatcher(.number(comparison, bound))
                let expected: Bool = reference.map { value in
                    let bound = Decimal(bound)
                    return switch comparison {
                    case .greaterThan: value > bound
                    case .greaterThanOrEqual: value >= bound
                    case .lessThan: value < bound
                    case .lessThanOrEqual: value <= bound
                    case .equalsNumber: value == bound
                    }
                } ?? false
                #expect(matcher.matches(.string(text)) == expected, "\(text.debugDescription) \(comparison.rawValue) \(bound)")
                if let reference {
                    let asNumber = NSDecimalNumber(decimal: reference).doubleValue
                    #expect(matcher.matches(.number(asNumber)) == expected, "the number \(asNumber) \(comparison.rawValue) \(bound)")
                }
            }
        }
    }

    @Test(arguments: 0..<6) func containsAndEqualsOnText(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 9_300 + seed)
        for _ in 0..<80 {
            let text = Self.value(using: &generator)
            let part = Self.value(using: &generator)
            let contains = try ValueMatcher(.contains(part))
            let doesNotContain = try ValueMatcher(.doesNotContain(part))
            let expected = part.isEmpty || text.range(of: part) != nil
            #expect(contains.matches(.string(text)) == expected, "\(text.debugDescription) contains \(part.debugDescription)")
            #expect(doesNotContain.matches(.string(text)) == !expected)
            #expect(!contains.matches(nil) && doesNotContain.matches(nil))
            let equals = try ValueMatcher(.equals(.string(part)))
            #expect(equals.matches(.string(text)) == (text == part), "\(text.debugDescription) equals \(part.debugDescription)")
            let anyCase = try ValueMatcher(.equals(.string(part)), equality: JSONEquality(caseInsensitive: true))
            #expect(anyCase.matches(.string(text)) == (text.lowercased() == part.lowercased()),
                    "\(text.debugDescription) equals \(part.debugDescription) in any case")
        }
    }

    /// `and`, `or`, `hasExactly` and `includes` over leaves, against their definitions on the
    /// leaves' own answers.
    @Test(arguments: 0..<6) func combinationsHoldAsTheirDefinitionsSay(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 9_400 + seed)
        let leaves: [ValueMatcher] = try [
            ValueMatcher(.equals(.string("a"))), ValueMatcher(.matches("[ab]+")), ValueMatcher(.contains("1")),
            ValueMatcher(.doesNotContain("a")), ValueMatcher(.number(.greaterThan, 1)), ValueMatcher(.present),
            ValueMatcher(.absent), ValueMatcher(.doesNotMatch("\\d*")),
        ]
        let values = ["a", "b", "ab", "1", "2", "a1", "", "10"]
        for _ in 0..<80 {
            let parts = (0..<Int.random(in: 1...3, using: &generator)).map { _ in leaves.randomElement(using: &generator)! }
            let value: JSONValue? = Int.random(in: 0..<8, using: &generator) == 0 ? nil : .string(values.randomElement(using: &generator)!)
            let all = try ValueMatcher(.all(parts)), any = try ValueMatcher(.any(parts))
            #expect(all.matches(value) == parts.allSatisfy { $0.matches(value) }, "and(\(all.signature)) on \(String(describing: value))")
            #expect(any.matches(value) == parts.contains { $0.matches(value) }, "or(\(any.signature)) on \(String(describing: value))")
            #expect((all.mismatch(value) == nil) == all.matches(value) && (any.mismatch(value) == nil) == any.matches(value))

            // A repeated parameter's values: each matcher must hold for one of them; hasExactly
            // also wants as many values as matchers.
            let sent = (0..<Int.random(in: 0...3, using: &generator)).map { _ in values.randomElement(using: &generator)! }
            let list = JSONValue.array(sent.map(JSONValue.string))
            let each = parts.allSatisfy { part in sent.contains { part.matches(.string($0)) } }
            let includes = try ValueMatcher(.includes(parts)), exactly = try ValueMatcher(.hasExactly(parts))
            #expect(includes.matches(list) == each, "includes(\(includes.signature)) on \(sent)")
            #expect(exactly.matches(list) == (each && sent.count == parts.count), "hasExactly(\(exactly.signature)) on \(sent)")
            #expect((exactly.mismatch(list) == nil) == exactly.matches(list))
        }
    }
}
