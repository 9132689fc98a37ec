package import StubFormats

/// A JSON path as WireMock's `matchesJsonPath` reads one (Jayway JsonPath): `$`, then steps.
///
/// - `.name`, `['name']` (or `["name"]`), `[0]`, `[-1]` (from the end): one value;
/// - `.*` or `[*]`: every member of an object or item of a list; `..name`, `..*`, `..[0]`: at any depth;
/// - `[0,2]`, `['a','b']`: several; `[1:3]`, `[:2]`, `[-2:]`, `[::2]`: a slice of a list;
/// - `[?(@.type == 'current')]`: the items of a list a filter holds for, and, on an object, the
///   object itself when the filter holds for it (as Jayway reads `$[?(@.amount > 100)]` on a body
///   that is one object);
/// - last, a function of what the path found: `.length()` (or `.size()`), `.min()`, `.max()`,
///   `.avg()`, `.sum()`, `.first()`, `.last()`, `.keys()`.
///
/// A path of names and single indexes alone is definite: it finds one value or none. Any other
/// finds a list, perhaps empty. `JSONPathFilter` reads filters.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    package let description: String
    let query: Query
    /// True when the path finds one value or none: names and single indexes only.
    package let isDefinite: Bool

    package init(_ text: String) throws(ValueMatcherError) {
        description = text
        var reader = JSONPathReader(text)
        do throws(JSONPathReader.Problem) {
            guard reader.peek == "$" else { throw JSONPathReader.Problem("must start with $ (e.g. $.amount.currency)") }
            query = try reader.query(inFilter: false)
            guard reader.atEnd else { throw JSONPathReader.Problem("unexpected '\(reader.peek ?? " ")' at column \(reader.column)") }
        } catch {
            throw ValueMatcherError(reason: "JSON path \"\(text)\" \(error.reason)")
        }
        isDefinite = query.isDefinite
    }

    /// What a definite path finds, or nil when a step is missing. An indefinite path's first find.
    package func value(in root: JSONValue) -> JSONValue? { values(in: root).first }

    /// Every value the path finds, in document order (an object's members by name).
    package func values(in root: JSONValue) -> [JSONValue] { query.select(root: root, current: root) }

    package static func == (lhs: JSONPath, rhs: JSONPath) -> Bool { lhs.description == rhs.description }
    package func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

extension JSONPath {
    /// A path from `$` (the body) or, inside a filter, from `@` (the item tested).
    struct Query: Sendable {
        var relative: Bool
        var segments: [Segment] = []
        var function: Function?

        var isDefinite: Bool { function != nil || segments.allSatisfy(\.isSingle) }

        func select(root: JSONValue, current: JSONValue) -> [JSONValue] {
            var nodes = [relative ? current : root]
            for segment in segments {
                var next: [JSONValue] = []
                for node in nodes {
                    switch segment {
                    case .child(let selectors):
                        for selector in selectors { selector.apply(to: node, root: root, into: &next) }
                    case .descendant(let selectors):
                        node.visit { found in
                            for selector in selectors { selector.apply(to: found, root: root, into: &next) }
                        }
                    }
                }
                nodes = next
            }
            guard let function else { return nodes }
            let input = segments.allSatisfy(\.isSingle) ? nodes.first : .array(nodes)
            return input.flatMap(function.apply).map { [$0] } ?? []
        }
    }

    enum Segment: Sendable {
        case child([Selector])
        case descendant([Selector])

        var isSingle: Bool {
            guard case .child(let selectors) = self, selectors.count == 1 else { return false }
            switch selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }

    enum Selector: Sendable {
        case name(String)
        case wildcard
        case index(Int)
        case slice(start: Int?, end: Int?, step: Int)
        case filter(JSONPathFilter)

        func apply(to node: JSONValue, root: JSONValue, into found: inout [JSONValue]) {
            switch (self, node) {
            case (.name(let name), .object(let fields)):
                if let value = fields[name] { found.append(value) }
            case (.wildcard, .object(let fields)):
                found += fields.sorted { $0.key < $1.key }.map(\.value)
            case (.wildcard, .array(let items)):
                found += items
            case (.index(let index), .array(let items)):
                let at = index < 0 ? items.count + index : index
                if items.indices.contains(at) { found.append(items[at]) }
            case (.slice(let start, let end, let step), .array(let items)):
                found += Self.slice(items, start: start, end: end, step: step)
            case (.filter(let filter), .object):
                if filter.holds(for: node, root: root) { found.append(node) }
            case (.filter(let filter), .array(let items)):
                found += items.filter { filter.holds(for: $0, root: root) }
            default:
                break
            }
        }

        /// RFC 9535's slice: a negative bound counts from the end, a negative step walks back. A
        /// step longer than the list is taken as the list's length, so no index overflows.
        private static func slice(_ items: [JSONValue], start: Int?, end: Int?, step given: Int) -> [JSONValue] {
            let count = items.count
            guard given != 0, count > 0 else { return [] }
            let step = given > 0 ? min(given, count) : max(given, -count)
            func normal(_ bound: Int) -> Int { bound < 0 ? count + bound : bound }
            var picked: [JSONValue] = []
            if step > 0 {
                var at = min(max(normal(start ?? 0), 0), count)
                let stop = min(max(normal(end ?? count), 0), count)
                while at < stop { picked.append(items[at]); at += step }
            } else {
                var at = min(max(normal(start ?? count - 1), -1), count - 1)
                let stop = min(max(end.map(normal) ?? -1, -1), count - 1)
                while at > stop { picked.append(items[at]); at += step }
            }
            return picked
        }
    }

    /// Jayway's functions, applied to what the path before them found.
    enum Function: String, Sendable {
        case length, size, min, max, avg, sum, first, last, keys

        func apply(_ input: JSONValue) -> JSONValue? {
            switch (self, input) {
            case (.length, .array(let items)), (.size, .array(let items)): return .number(Double(items.count))
            case (.length, .object(let fields)), (.size, .object(let fields)): return .number(Double(fields.count))
            case (.length, .string(let text)), (.size, .string(let text)): return .number(Double(text.utf16.count))
            case (.first, .array(let items)): return items.first
            case (.last, .array(let items)): return items.last
            case (.keys, .object(let fields)): return .array(fields.keys.sorted().map(JSONValue.string))
            case (.min, .array(let items)), (.max, .array(let items)), (.avg, .array(let items)), (.sum, .array(let items)):
                let numbers = items.compactMap { item -> Double? in
                    if case .number(let number) = item { return number }
                    return nil
                }
                guard !numbers.isEmpty else { return nil }
                switch self {
                case .min: return .number(numbers.min() ?? 0)
                case .max: return .number(numbers.max() ?? 0)
                case .sum: return .number(numbers.reduce(0, +))
                default: return .number(numbers.reduce(0, +) / Double(numbers.count))
                }
            default:
                return nil
            }
        }
    }
}

extension JSONValue {
    /// Calls `body` with this value, then with everything inside it, depth first.
    func visit(_ body: (JSONValue) -> Void) {
        body(self)
        switch self {
        case .array(let items): items.forEach { $0.visit(body) }
        case .object(let fields): fields.sorted { $0.key < $1.key }.forEach { $0.value.visit(body) }
        default: break
        }
    }
}
