package import Foundation
package import StubFormats

/// How a query parameter, header or JSON-body value is matched in a route file.
///
/// A plain scalar means `equals`; a mapping takes exactly one of `equals`, `matches`
/// (a regular expression that must match the whole value), `doesNotMatch`, `contains`,
/// `doesNotContain`, `and` and `or` (lists of matchers), `hasExactly` and `includes` (lists of
/// matchers on a repeated query parameter's or header's values), `before`, `after` and
/// `equalToDateTime` (`DateCondition`), the number comparisons `greaterThan`, `greaterThanOrEqual`,
/// `lessThan`, `lessThanOrEqual` and `equalsNumber` (WireMock's number matchers: a JSON number,
/// or text that is one, compared by value), `present: true` or `absent: true`. `equals` may add the options of
/// `JSONEquality` (`ignoreArrayOrder`, `ignoreExtraElements`, `caseInsensitive`), and its
/// value may hold json-unit placeholders.
package struct ValueMatcher: Sendable {
    package enum Kind: Sendable {
        case equals(JSONValue)
        case matches(String)
        case doesNotMatch(String)
        case contains(String)
        case doesNotContain(String)
        case present
        case absent
        /// Every matcher of the list holds (WireMock's `and`).
        case all([ValueMatcher])
        /// One matcher of the list holds (WireMock's `or`).
        case any([ValueMatcher])
        /// As many values as matchers, and each matcher holds for one of them (WireMock's `hasExactly`).
        case hasExactly([ValueMatcher])
        /// Each matcher holds for one of the values (WireMock's `includes`).
        case includes([ValueMatcher])
        /// The value read as a date is before, after or at a moment (WireMock's `before`,
        /// `after`, `equalToDateTime`).
        case date(DateCondition)
        /// The value read as a number compares so with this one (WireMock's `greaterThanNumber`
        /// and the rest).
        case number(NumberComparison, Double)
    }

    /// How a value compares with a number; the raw values are the route-file keys.
    package enum NumberComparison: String, Sendable, CaseIterable {
        case greaterThan, greaterThanOrEqual, lessThan, lessThanOrEqual, equalsNumber

        func holds(_ value: Double, _ bound: Double) -> Bool {
            switch self {
            case .greaterThan: value > bound
            case .greaterThanOrEqual: value >= bound
            case .lessThan: value < bound
            case .lessThanOrEqual: value <= bound
            case .equalsNumber: value == bound
            }
        }

        /// `greater than 1000`, for near-miss reports.
        var phrase: String {
            switch self {
            case .greaterThan: "greater than"
            case .greaterThanOrEqual: "at least"
            case .lessThan: "less than"
            case .lessThanOrEqual: "at most"
            case .equalsNumber: "equal to"
            }
        }
    }

    /// A JSON number, or text that is one (a query or header value: `"1500.50"`); nil for
    /// anything else, `NaN` and `inf` included.
    package static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let number)?: return number
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard JSONValue.isNumberText(trimmed) else { return nil }
            return Double(trimmed)
        default: return nil
        }
    }

    /// Whether it tests every value of a repeated query parameter or header at once.
    package var testsEveryValue: Bool {
        switch kind {
        case .hasExactly, .includes: true
        default: false
        }
    }

    /// Whether it asks only whether the value is there (`present`, `absent`).
    package var asksPresence: Bool {
        switch kind {
        case .present, .absent: true
        default: false
        }
    }

    package let kind: Kind
    package let equality: JSONEquality
    /// Compiled once at load; `NSRegularExpression` is thread-safe for matching.
    private let regex: RegexBox?
    /// The expected value of `equals` with its placeholders; nil when plain equality decides.
    private let expected: ExpectedJSON?

    package init(_ kind: Kind, equality: JSONEquality = JSONEquality()) throws(ValueMatcherError) {
        self.kind = kind
        self.equality = equality
        switch kind {
        case .matches(let pattern), .doesNotMatch(let pattern):
            do {
                regex = try RegexBox(whole: pattern)
            } catch {
                throw ValueMatcherError(reason: error.description)
            }
            expected = nil
        case .equals(let value):
            regex = nil
            let compiled = try ExpectedJSON(value)
            expected = compiled.isLiteral && equality.isPlain ? nil : compiled
        default:
            regex = nil
            expected = nil
        }
        if !equality.isPlain {
            guard case .equals = kind else {
                throw ValueMatcherError(reason: "ignoreArrayOrder, ignoreExtraElements and caseInsensitive go with equals")
            }
        }
    }

    /// Whether `value` (nil when the field is missing) satisfies the matcher; `now` (the stub's
    /// clock) is read only by a date matcher.
    package func matches(_ value: JSONValue?, now: @autoclosure () -> Date = Date()) -> Bool {
        switch kind {
        case .present: return value != nil
        case .absent: return value == nil
        case .equals(let plain):
            if let expected {
                // Query and header values are text: "${json-unit.any-number}" still reads "42" as a
                // number, by the rule a number matcher reads text with ("nan" and "0x10" are not).
                if case .string = value, case .anyNumber = expected { return Self.number(value) != nil }
                return expected.matches(value, equality)
            }
            guard let value else { return false }
            return Self.loosely(value, equals: plain)
        case .matches:
            guard let value, let text = value.text, let regex else { return false }
            return regex.wholeMatch(text)
        case .doesNotMatch:
            guard let value else { return true }
            guard let text = value.text, let regex else { return true }
            return !regex.wholeMatch(text)
        case .contains(let part):
            guard let text = value?.text else { return false }
            return Self.holds(text, part)
        case .doesNotContain(let part):
            guard let text = value?.text else { return true }
            return !Self.holds(text, part)
        case .all(let parts): return parts.allSatisfy { $0.matches(value, now: now()) }
        case .any(let parts): return parts.contains { $0.matches(value, now: now()) }
        case .hasExactly(let parts), .includes(let parts):
            guard let value else { return false }
            let values: [JSONValue] = if case .array(let items) = value { items } else { [value] }
            if case .hasExactly = kind, values.count != parts.count { return false }
            return parts.allSatisfy { part in values.contains { part.matches($0, now: now()) } }
        case .date(let condition):
            guard let text = value?.text else { return false }
            return condition.holds(text, now: now())
        case .number(let comparison, let bound):
            guard let number = Self.number(value) else { return false }
            return comparison.holds(number, bound)
        }
    }

    /// Why `value` does not satisfy the matcher, for the near-miss report.
    package func mismatch(_ value: JSONValue?, now: @autoclosure () -> Date = Date()) -> String? {
        if matches(value, now: now()) { return nil }
        let actual = value.map { $0.text.map { "\"\($0)\"" } ?? $0.typeName } ?? "missing"
        switch kind {
        case .present: return "must be present"
        case .absent: return "must be absent, got \(actual)"
        case .equals(let expected):
            let options = [equality.ignoreArrayOrder ? "in any order" : nil, equality.ignoreExtraElements ? "with extra elements" : nil,
                           equality.caseInsensitive ? "in any case" : nil].compactMap { $0 }
            return "expected \(Self.describe(expected))\(options.isEmpty ? "" : " (" + options.joined(separator: ", ") + ")"), got \(actual)"
        case .matches(let pattern): return "expected to match /\(pattern)/, got \(actual)"
        case .doesNotMatch(let pattern): return "expected not to match /\(pattern)/, got \(actual)"
        case .contains(let part): return "expected to contain \"\(part)\", got \(actual)"
        case .doesNotContain(let part): return "expected not to contain \"\(part)\", got \(actual)"
        case .all(let parts):
            for part in parts {
                if let why = part.mismatch(value, now: now()) { return why }
            }
            return "expected every matcher to hold"
        case .any(let parts): return parts.compactMap { $0.mismatch(value, now: now()) }.joined(separator: "; or ")
        case .hasExactly(let parts), .includes(let parts):
            let values: [JSONValue] = if case .array(let items)? = value { items } else { value.map { [$0] } ?? [] }
            let shown = values.map { $0.text.map { "\"\($0)\"" } ?? $0.typeName }.joined(separator: ", ")
            let exactly = if case .hasExactly = kind { "exactly \(parts.count) values" } else { "values" }
            let missing = parts.first { part in !values.contains { part.matches($0, now: now()) } }
            return "expected \(exactly) that \(parts.map(\.signature).joined(separator: ", ")) each match, got [\(shown)]"
                + (missing.map { "; none matches \($0.signature)" } ?? "")
        case .date(let condition):
            let moment = DateCondition.utcText(condition.expectedMoment(now: now()))
            guard let text = value?.text, DateCondition.read(text, format: condition.actualFormat) != nil else {
                return "expected a date \(condition.description) (\(moment)), got \(actual), which is not a date"
                    + (condition.actualFormat == nil ? "" : " in that form")
            }
            return "expected a date \(condition.description) (\(moment)), got \(actual)"
        case .number(let comparison, let bound):
            let which = "expected a number \(comparison.phrase) \(Self.written(bound))"
            return Self.number(value) == nil ? "\(which), got \(actual), which is not a number" : "\(which), got \(actual)"
        }
    }

    /// A stable description, used to find routes that can never be told apart.
    package var signature: String {
        switch kind {
        case .present: return "present"
        case .absent: return "absent"
        case .equals(let value): return "=" + equality.signature + (expected?.signature ?? Self.describe(value))
        case .matches(let pattern): return "~" + pattern
        case .doesNotMatch(let pattern): return "!~" + pattern
        case .contains(let part): return "@" + part
        case .doesNotContain(let part): return "!@" + part
        case .all(let parts): return "and(" + parts.map(\.signature).joined(separator: ",") + ")"
        case .any(let parts): return "or(" + parts.map(\.signature).joined(separator: ",") + ")"
        case .hasExactly(let parts): return "hasExactly(" + parts.map(\.signature).joined(separator: ",") + ")"
        case .includes(let parts): return "includes(" + parts.map(\.signature).joined(separator: ",") + ")"
        case .date(let condition): return "date(" + condition.description + ")"
        case .number(let comparison, let bound): return comparison.rawValue + "(" + Self.written(bound) + ")"
        }
    }

    /// Whether `text` contains `part`; every text contains the empty one, as in WireMock (Java's
    /// `String.contains`), where Swift's `contains("")` is false.
    private static func holds(_ text: String, _ part: String) -> Bool { part.isEmpty || text.contains(part) }

    /// Query and header values are text; a number or boolean written in YAML compares as its text.
    private static func loosely(_ value: JSONValue, equals expected: JSONValue) -> Bool {
        if value == expected { return true }
        if case .array(let values) = value, case .array(let items) = expected {
            return values.count == items.count && zip(values, items).allSatisfy { loosely($0, equals: $1) }
        }
        guard let left = value.text, let right = expected.text else { return false }
        switch (value, expected) {
        case (.string, _), (_, .string): return left == right
        default: return false
        }
    }


    /// A number as JSON writes it: `10`, `99.5`.
    private static func written(_ number: Double) -> String { String(decoding: WireJSON.encode(JSONValue.number(number)), as: UTF8.self) }

    private static func describe(_ value: JSONValue) -> String {
        value.text.map { "\"\($0)\"" } ?? String(decoding: WireJSON.encode(value), as: UTF8.self)
    }
}

/// A matcher that could not be built.
package struct ValueMatcherError: Error, Sendable {
    package let reason: String
}

/// `NSRegularExpression` is immutable after creation and documented as safe to share.
package struct RegexBox: @unchecked Sendable {
    package let regex: NSRegularExpression

    package init(_ regex: NSRegularExpression) { self.regex = regex }

    /// A pattern that must match a whole value: `\A(?:pattern)\z`, so an alternation is anchored
    /// as a whole and a trailing newline is not swallowed (`$` would match before one).
    /// The pattern is first read on its own, so one that closes the group around it (`a)|(b`) is
    /// refused as the broken pattern it is, not read as `\A(?:a)|(b)\z`.
    package init(whole pattern: String) throws(RegexSyntaxError) {
        do {
            _ = try NSRegularExpression(pattern: pattern)
            self.regex = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
        } catch {
            throw RegexSyntaxError(pattern)
        }
    }

    /// True when the pattern matches the whole text (see `init(whole:)`).
    package func wholeMatch(_ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// Why a regular expression cannot be read, in words a route-file author can act on
/// (`expected ')'`). `NSRegularExpression` says only that the value is invalid, so the reason
/// comes from Swift's own regex parser, which reads the same syntax; where only ICU refuses a
/// pattern, the reason says so.
package struct RegexSyntaxError: Error, Sendable, CustomStringConvertible {
    package let pattern: String
    package let reason: String

    package init(_ pattern: String) {
        self.pattern = pattern
        do {
            _ = try Regex(pattern)
            reason = "ICU's regular expressions do not read it"
        } catch {
            reason = "\(error)"
        }
    }

    /// `invalid regular expression "/a(": expected ')'`.
    package var description: String { "invalid regular expression \"\(pattern)\": \(reason)" }
}
