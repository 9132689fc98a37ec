import StubFormats

/// A JSON path filter, `[?(@.type == 'current' && @.balance > 0)]`, as Jayway JsonPath (so
/// WireMock) reads one.
///
/// - A path alone (`@.isbn`, `!@.isbn`) holds when it finds something, `null` included.
/// - `==`, `!=`: numbers by value, and a number equals text that is that number (`@.id == '2'`);
///   `===` and `!==` also ask for the same kind. `<`, `<=`, `>`, `>=`: two numbers or two texts.
/// - `=~ /regex/flags`: the regex matches the whole text of the value (a number or boolean as
///   written, a list when one item does, anything else as empty text); flags `i`, `m`, `s`, `x`.
/// - `in`, `nin`: the value is (not) one of a list, `['GBP', 'EUR']`; `subsetof`, `anyof`,
///   `noneof`: a list's items are all, some or none of another's; `contains`: text holds a
///   text, or a list an item; `all`: a list holds every item of another; `size`: a text's,
///   list's or object's length; `empty`: `true` or `false`.
/// - `&&`, `||`, `!` and parentheses.
///
/// A comparison with a path that finds nothing does not hold, but its negation (`!=`, `!==`,
/// `nin`) does.
indirect enum JSONPathFilter: Sendable {
    case any([JSONPathFilter])
    case all([JSONPathFilter])
    case not(JSONPathFilter)
    case exists(JSONPath.Query)
    case compare(Operand, Comparison, Operand)

    enum Operand: Sendable {
        case query(JSONPath.Query)
        case value(JSONValue)
        case regex(RegexBox)
    }

    /// What an operand stands for in one test.
    enum Found {
        case undefined
        case value(JSONValue)
        case regex(RegexBox)
    }

    enum Comparison: String, Sendable, CaseIterable {
        case same = "===", notSame = "!==", equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">="
        case regex = "=~", less = "<", greater = ">"
        case subsetOf = "subsetof", anyOf = "anyof", noneOf = "noneof", notIn = "nin", isIn = "in"
        case size, empty, contains, all
    }

    func holds(for current: JSONValue, root: JSONValue) -> Bool {
        switch self {
        case .any(let parts): return parts.contains { $0.holds(for: current, root: root) }
        case .all(let parts): return parts.allSatisfy { $0.holds(for: current, root: root) }
        case .not(let inner): return !inner.holds(for: current, root: root)
        case .exists(let query): return !query.select(root: root, current: current).isEmpty
        case .compare(let left, let comparison, let right):
            return comparison.holds(left.found(current, root: root), right.found(current, root: root))
        }
    }
}

extension JSONPathFilter.Operand {
    func found(_ current: JSONValue, root: JSONValue) -> JSONPathFilter.Found {
        switch self {
        case .value(let value): return .value(value)
        case .regex(let regex): return .regex(regex)
        case .query(let query):
            let values = query.select(root: root, current: current)
            guard query.isDefinite else { return .value(.array(values)) }
            return values.first.map { .value($0) } ?? .undefined
        }
    }
}

extension JSONPathFilter.Comparison {
    func holds(_ left: JSONPathFilter.Found, _ right: JSONPathFilter.Found) -> Bool {
        if self == .regex {
            switch (left, right) {
            case (.regex(let regex), .value(let value)), (.value(let value), .regex(let regex)): return Self.matches(regex, value)
            case (.regex(let regex), .undefined), (.undefined, .regex(let regex)): return regex.wholeMatch("")
            default: return false
            }
        }
        guard case .value(let a) = left, case .value(let b) = right else { return [.notEqual, .notSame, .notIn].contains(self) }
        switch self {
        case .equal: return Self.equal(a, b)
        case .notEqual: return !Self.equal(a, b)
        case .same: return Self.sameKind(a, b) && Self.equal(a, b)
        case .notSame: return !(Self.sameKind(a, b) && Self.equal(a, b))
        case .less: return Self.order(a, b).map { $0 < 0 } ?? false
        case .lessOrEqual: return Self.order(a, b).map { $0 <= 0 } ?? false
        case .greater: return Self.order(a, b).map { $0 > 0 } ?? false
        case .greaterOrEqual: return Self.order(a, b).map { $0 >= 0 } ?? false
        case .isIn: return Self.items(b)?.contains { Self.equal(a, $0) } ?? false
        case .notIn: return !(Self.items(b)?.contains { Self.equal(a, $0) } ?? false)
        case .subsetOf, .anyOf, .noneOf, .all:
            guard let mine = Self.items(a), let theirs = Self.items(b) else { return false }
            switch self {
            case .subsetOf: return mine.allSatisfy { item in theirs.contains { Self.equal(item, $0) } }
            case .anyOf: return mine.contains { item in theirs.contains { Self.equal(item, $0) } }
            case .noneOf: return !mine.contains { item in theirs.contains { Self.equal(item, $0) } }
            default: return theirs.allSatisfy { item in mine.contains { Self.equal($0, item) } }
            }
        case .contains:
            if case .string(let text) = a, case .string(let part) = b { return text.contains(part) }
            return Self.items(a)?.contains { Self.equal($0, b) } ?? false
        case .size:
            guard case .number(let size) = b, let length = Self.length(a) else { return false }
            return Double(length) == size
        case .empty:
            guard case .bool(let empty) = b, let length = Self.length(a) else { return false }
            return (length == 0) == empty
        case .regex:
            return false
        }
    }

    /// Jayway's equality: numbers by value, a number and text that is that number, JSON by value.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let number), .string(let text)), (.string(let text), .number(let number)):
            return Double(text) == number
        default:
            return a == b
        }
    }

    private static func sameKind(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null), (.bool, .bool), (.number, .number), (.string, .string), (.array, .array), (.object, .object): return true
        default: return false
        }
    }

    /// Negative, zero or positive for two numbers or two texts; nil for anything else.
    private static func order(_ a: JSONValue, _ b: JSONValue) -> Int? {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x < y ? -1 : x == y ? 0 : 1
        case (.string(let x), .string(let y)): return x < y ? -1 : x == y ? 0 : 1
        default: return nil
        }
    }

    private static func items(_ value: JSONValue) -> [JSONValue]? {
        if case .array(let items) = value { return items }
        return nil
    }

    /// A text's length in UTF-16 units (as Java counts), a list's or an object's count.
    private static func length(_ value: JSONValue) -> Int? {
        switch value {
        case .string(let text): return text.utf16.count
        case .array(let items): return items.count
        case .object(let fields): return fields.count
        default: return nil
        }
    }

    private static func matches(_ regex: RegexBox, _ value: JSONValue) -> Bool {
        if case .array(let items) = value { return items.contains { regex.wholeMatch($0.text ?? "") } }
        return regex.wholeMatch(value.text ?? "")
    }
}
