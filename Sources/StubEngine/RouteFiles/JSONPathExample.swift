import Foundation
package import StubFormats

extension JSONPath {
    /// A small JSON document in which this path finds `leaf`, or what its filters ask for when
    /// `leaf` is nil; nil when none can be written. An import's replay sends it, so a WireMock
    /// mapping matched by `matchesJsonPath` is tried as it was written.
    ///
    /// `$.a.b` with `"x"` gives `{"a": {"b": "x"}}`; `$.items[*].currency` gives one item;
    /// `$.items[2]` three, all the same; `$[?(@.amount > 100)]` an object the filter holds for
    /// (`{"amount": 101}`); `$.items[?(@.id == 7)].name` a list of one item with both;
    /// `$.tags[?(@ == 'vip')]` the list `["vip"]`; `@.name.size() <= 3` a list of three. A regex
    /// in a filter (`=~ /…/`) takes its text from `sample`, which gets the pattern with its flags
    /// as `(?i)`. A path ending in a function, a filter that negates or compares two paths, and
    /// two values that cannot both be there give nil.
    package func example(leaf: JSONValue?, sample: (String) -> String?) -> JSONValue? {
        guard query.function == nil else { return nil }
        return query.example(from: 0, leaf: leaf ?? .string("example"), sample: sample, topLevel: true)
    }

    /// `a` and `b` in one document: the members of both objects (merged the same way at any
    /// depth), a list's items merged by position, equal values kept; nil when they differ.
    package static func merge(_ a: JSONValue, _ b: JSONValue) -> JSONValue? {
        switch (a, b) {
        case (.object(var fields), .object(let more)):
            for (name, value) in more {
                guard let merged = fields[name].map({ merge($0, value) }) ?? value else { return nil }
                fields[name] = merged
            }
            return .object(fields)
        case (.array(let first), .array(let second)):
            var items: [JSONValue] = []
            for index in 0..<max(first.count, second.count) {
                guard index < first.count else { items.append(second[index]); continue }
                guard index < second.count else { items.append(first[index]); continue }
                guard let merged = merge(first[index], second[index]) else { return nil }
                items.append(merged)
            }
            return .array(items)
        default:
            return a == b ? a : nil
        }
    }
}

extension JSONPath.Query {
    /// The document from segment `index` on; `leaf` is what the last segment finds, unless it
    /// ends in a filter, whose item is what it finds.
    func example(from index: Int, leaf: JSONValue?, sample: (String) -> String?, topLevel: Bool) -> JSONValue? {
        guard index < segments.count else { return leaf }
        func rest(_ leaf: JSONValue?) -> JSONValue? { example(from: index + 1, leaf: leaf, sample: sample, topLevel: false) }
        let selectors: [JSONPath.Selector]
        switch segments[index] {
        case .child(let list), .descendant(let list): selectors = list
        }
        // A union finds what any of its selectors finds: the first is enough.
        guard let selector = selectors.first else { return nil }
        switch selector {
        case .name(let name):
            return rest(leaf).map { .object([name: $0]) }
        case .wildcard:
            return rest(leaf).map { .array([$0]) }
        case .index(let at):
            return rest(leaf).map { .array(Array(repeating: $0, count: at < 0 ? -at : at + 1)) }
        case .slice(let start, let end, let step):
            // The same item in every place: any item the slice takes is it.
            let from = start ?? (step < 0 ? -1 : 0)
            let count = from < 0 ? -from : from + 1
            if let end, end >= 0, from >= 0, step > 0, end <= from { return nil }
            return rest(leaf).map { .array(Array(repeating: $0, count: count)) }
        case .filter(let filter):
            guard let item = filter.example(sample: sample),
                  let whole = index + 1 < segments.count ? rest(leaf).flatMap({ JSONPath.merge(item, $0) }) : item
            else { return nil }
            // Jayway tests an object itself: the body may be that object.
            return topLevel ? whole : .array([whole])
        }
    }
}

extension JSONPathFilter {
    /// An item (an object, from `@`) the filter holds for; nil when none is written.
    func example(sample: (String) -> String?) -> JSONValue? {
        switch self {
        case .all(let parts):
            var item: JSONValue?
            for part in parts {
                guard let more = part.example(sample: sample), let merged = item.map({ JSONPath.merge($0, more) }) ?? more else {
                    return nil
                }
                item = merged
            }
            return item
        case .any(let parts):
            for part in parts {
                if let item = part.example(sample: sample) { return item }
            }
            return nil
        case .not:
            return nil
        case .exists(let query):
            return Self.place(query, .string("example"), sample: sample)
        case .compare(.query(let query), let comparison, let other):
            return Self.value(comparison, other, sample: sample).flatMap { Self.place(query, $0, sample: sample) }
        case .compare(let other, let comparison, .query(let query)):
            // `5 < @.n` is `@.n > 5`.
            let mirrored: Comparison? = switch comparison {
            case .less: .greater
            case .greater: .less
            case .lessOrEqual: .greaterOrEqual
            case .greaterOrEqual: .lessOrEqual
            case .equal, .same, .notEqual, .notSame, .regex: comparison
            default: nil
            }
            return mirrored.flatMap { Self.value($0, other, sample: sample) }.flatMap { Self.place(query, $0, sample: sample) }
        case .compare:
            return nil
        }
    }

    /// `value` where an `@` path finds it (`@` alone: the item is the value); for a path ending
    /// in `size()` or `length()`, a list of that many items. Nil for a `$` path or another function.
    private static func place(_ query: JSONPath.Query, _ value: JSONValue, sample: (String) -> String?) -> JSONValue? {
        guard query.relative else { return nil }
        var leaf = value
        if let function = query.function {
            guard function == .size || function == .length, case .number(let count) = value,
                  count >= 0, count == count.rounded(), count < 1_000 else { return nil }
            leaf = .array(Array(repeating: .string("x"), count: Int(count)))
        }
        return query.example(from: 0, leaf: leaf, sample: sample, topLevel: false)
    }

    /// A value that compares so with `operand`; nil when none is written.
    private static func value(_ comparison: Comparison, _ operand: Operand, sample: (String) -> String?) -> JSONValue? {
        if case .regex(let box) = operand {
            guard comparison == .regex else { return nil }
            // `RegexBox(whole:)` wraps the pattern in `\A(?:` and `)\z`.
            let pattern = String(box.regex.pattern.dropFirst(5).dropLast(3))
            return sample(pattern).map(JSONValue.string)
        }
        guard case .value(let value) = operand else { return nil }
        switch (comparison, value) {
        case (.equal, _), (.same, _), (.lessOrEqual, _), (.greaterOrEqual, _):
            return value
        case (.less, .number(let number)): return .number(number - 1)
        case (.greater, .number(let number)): return .number(number + 1)
        case (.greater, .string(let text)): return .string(text + "a")
        case (.notEqual, .string(let text)), (.notSame, .string(let text)): return .string(text + "x")
        case (.notEqual, .number(let number)), (.notSame, .number(let number)): return .number(number + 1)
        case (.notEqual, _), (.notSame, _): return value == .string("example") ? .string("other") : .string("example")
        case (.isIn, .array(let items)): return items.first
        case (.notIn, .array(let items)):
            return [JSONValue.string("example"), .string("other")].first { !items.contains($0) }
        case (.subsetOf, .array), (.all, .array): return value
        case (.anyOf, .array(let items)): return items.first.map { .array([$0]) }
        case (.noneOf, .array): return .array([])
        case (.contains, .string): return value
        case (.contains, _): return .array([value])
        case (.size, .number(let number)) where number >= 0 && number == number.rounded() && number < 1_000:
            return .array(Array(repeating: .string("x"), count: Int(number)))
        case (.empty, .bool(let empty)): return empty ? .array([]) : .array([.string("x")])
        default: return nil
        }
    }
}
