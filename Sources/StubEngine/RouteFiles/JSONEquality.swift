import Foundation
package import StubFormats

/// How `equals` compares a value with the one a route expects: what it may ignore, and the
/// placeholders an expected value may hold.
///
/// The options and placeholders are those of WireMock's `equalToJson` (which compares with
/// JsonUnit), so a converted mapping matches the requests it matched there:
///
/// - `ignoreArrayOrder`: an expected array matches any order of its items;
/// - `ignoreExtraElements`: the request may hold object fields and array items the route does not name;
/// - `caseInsensitive`: text compares without regard to case.
///
/// A string that is exactly one of these placeholders matches a kind of value instead of itself:
/// `${json-unit.any-string}`, `${json-unit.any-number}`, `${json-unit.any-boolean}`,
/// `${json-unit.ignore}` (any value, which must be there), `${json-unit.ignore-element}` (any
/// value, or none), and `${json-unit.regex}PATTERN` (a string the pattern matches whole).
/// JsonUnit's older `#{json-unit.…}` spelling is read too.
package struct JSONEquality: Sendable, Hashable {
    package var ignoreArrayOrder = false
    package var ignoreExtraElements = false
    package var caseInsensitive = false

    package init(ignoreArrayOrder: Bool = false, ignoreExtraElements: Bool = false, caseInsensitive: Bool = false) {
        self.ignoreArrayOrder = ignoreArrayOrder
        self.ignoreExtraElements = ignoreExtraElements
        self.caseInsensitive = caseInsensitive
    }

    /// True when no option is set: plain equality.
    package var isPlain: Bool { !ignoreArrayOrder && !ignoreExtraElements && !caseInsensitive }

    /// Written into a matcher's signature, so two routes that differ only here are told apart.
    var signature: String {
        (ignoreArrayOrder ? "o" : "") + (ignoreExtraElements ? "e" : "") + (caseInsensitive ? "i" : "")
    }
}

/// An expected value compiled once: placeholders found and their patterns built.
package indirect enum ExpectedJSON: Sendable {
    case value(JSONValue)
    case anyString, anyNumber, anyBoolean
    /// Any value that is present.
    case ignore
    /// Any value, or none.
    case ignoreElement
    case regex(RegexBox, String)
    case array([ExpectedJSON])
    case object([(key: String, value: ExpectedJSON)])

    /// Compiles `value`, refusing a placeholder JsonUnit has and route files cannot honour (or a misspelt one).
    package init(_ value: JSONValue) throws(ValueMatcherError) {
        switch value {
        case .string(let text):
            guard let placeholder = Self.placeholder(text) else { self = .value(value); return }
            if placeholder.name != "regex", !placeholder.rest.isEmpty {
                throw ValueMatcherError(reason: "\(text): only json-unit.regex takes text after it"
                                        + (placeholder.name.hasPrefix("matches:") ? " (custom json-unit matchers are not supported)" : ""))
            }
            switch placeholder.name {
            case "any-string": self = .anyString
            case "any-number": self = .anyNumber
            case "any-boolean": self = .anyBoolean
            case "ignore": self = .ignore
            case "ignore-element": self = .ignoreElement
            case "regex":
                do {
                    self = .regex(try RegexBox(whole: placeholder.rest), placeholder.rest)
                } catch {
                    throw ValueMatcherError(reason: "invalid regular expression in \(text): \(error.reason)")
                }
            default:
                throw ValueMatcherError(reason: "\(text): the placeholders are json-unit.any-string, any-number, any-boolean, "
                                        + "ignore, ignore-element and regex")
            }
        case .array(let items):
            var compiled: [ExpectedJSON] = []
            for item in items { compiled.append(try ExpectedJSON(item)) }
            self = .array(compiled)
        case .object(let fields):
            var compiled: [(key: String, value: ExpectedJSON)] = []
            for (key, field) in fields.sorted(by: { $0.key < $1.key }) { compiled.append((key, try ExpectedJSON(field))) }
            self = .object(compiled)
        default:
            self = .value(value)
        }
    }

    /// `${json-unit.NAME}REST` or `#{json-unit.NAME}REST`.
    private static func placeholder(_ text: String) -> (name: String, rest: String)? {
        guard text.hasPrefix("${json-unit.") || text.hasPrefix("#{json-unit."), let close = text.firstIndex(of: "}") else { return nil }
        let name = String(text[text.index(text.startIndex, offsetBy: 12)..<close])
        let rest = String(text[text.index(after: close)...])
        return (name, rest)
    }

    /// True when the value holds no placeholder, so plain equality decides.
    package var isLiteral: Bool {
        switch self {
        case .value: return true
        case .array(let items): return items.allSatisfy(\.isLiteral)
        case .object(let fields): return fields.allSatisfy { $0.value.isLiteral }
        default: return false
        }
    }

    /// Whether `actual` (nil when missing) matches.
    package func matches(_ actual: JSONValue?, _ options: JSONEquality) -> Bool {
        switch self {
        case .ignoreElement: return true
        case .ignore: return actual != nil
        default: break
        }
        guard let actual else { return false }
        switch (self, actual) {
        case (.anyString, .string), (.anyNumber, .number), (.anyBoolean, .bool): return true
        case (.regex(let regex, _), .string(let text)): return regex.wholeMatch(text)
        case (.value(.string(let expected)), .string(let text)) where options.caseInsensitive:
            return expected.compare(text, options: .caseInsensitive) == .orderedSame
        case (.value(let expected), _): return expected == actual
        case (.array(let expected), .array(let items)): return Self.matches(items, expected, options)
        case (.object(let expected), .object(let fields)):
            for (key, value) in expected where !value.matches(fields[key], options) { return false }
            if options.ignoreExtraElements { return true }
            let named = Set(expected.map(\.key))
            return fields.keys.allSatisfy(named.contains)
        default: return false
        }
    }

    private static func matches(_ items: [JSONValue], _ expected: [ExpectedJSON], _ options: JSONEquality) -> Bool {
        let required = expected.filter { if case .ignoreElement = $0 { return false } else { return true } }
        if !options.ignoreExtraElements, items.count != expected.count { return false }
        guard items.count >= required.count else { return false }
        guard options.ignoreArrayOrder else {
            return zip(expected, items).allSatisfy { $0.matches($1, options) }
        }
        // Each expected item takes a different actual item; small arrays, so a search with
        // backtracking (augmenting paths) is enough.
        var owner = [Int?](repeating: nil, count: items.count)
        func assign(_ index: Int, _ seen: inout Set<Int>) -> Bool {
            for (slot, item) in items.enumerated() where !seen.contains(slot) && required[index].matches(item, options) {
                seen.insert(slot)
                if owner[slot] == nil || assign(owner[slot]!, &seen) {
                    owner[slot] = index
                    return true
                }
            }
            return false
        }
        for index in required.indices {
            var seen: Set<Int> = []
            if !assign(index, &seen) { return false }
        }
        return true
    }

    /// A stable text for route signatures.
    package var signature: String {
        switch self {
        case .value(let value): String(decoding: WireJSON.encode(value), as: UTF8.self)
        case .anyString: "${any-string}"
        case .anyNumber: "${any-number}"
        case .anyBoolean: "${any-boolean}"
        case .ignore: "${ignore}"
        case .ignoreElement: "${ignore-element}"
        case .regex(_, let pattern): "${regex}" + pattern
        case .array(let items): "[" + items.map(\.signature).joined(separator: ",") + "]"
        case .object(let fields): "{" + fields.map { "\($0.key):\($0.value.signature)" }.joined(separator: ",") + "}"
        }
    }
}
