package import StubFormats
/// A small JSON path: `$`, then `.name`, `['name']` or `[index]` steps, e.g. `$.amount.currency`
/// or `$.items[0].id`. Enough to pick one value out of a request body; no filters or wildcards.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    package enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    package let steps: [Step]
    package let description: String

    package init(_ text: String) throws(ValueMatcherError) {
        description = text
        var steps: [Step] = []
        var rest = Substring(text)
        guard rest.first == "$" else {
            throw ValueMatcherError(reason: "JSON path \"\(text)\" must start with $ (e.g. $.amount.currency)")
        }
        rest = rest.dropFirst()
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { throw ValueMatcherError(reason: "JSON path \"\(text)\" has an empty name after '.'") }
                steps.append(.key(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else {
                    throw ValueMatcherError(reason: "JSON path \"\(text)\" has '[' without ']'")
                }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if let index = Int(inside), index >= 0 {
                    steps.append(.index(index))
                } else if inside.count >= 2, let quote = inside.first, quote == "'" || quote == "\"", inside.last == quote {
                    steps.append(.key(String(inside.dropFirst().dropLast())))
                } else {
                    throw ValueMatcherError(reason: "JSON path \"\(text)\": [\(inside)] must be an index like [0] or a quoted name like ['name']")
                }
                rest = rest[rest.index(after: close)...]
            } else {
                throw ValueMatcherError(reason: "JSON path \"\(text)\": unexpected '\(first)'; use .name, ['name'] or [index]")
            }
        }
        self.steps = steps
    }

    /// The value at this path, or nil when any step is missing.
    package func value(in root: JSONValue) -> JSONValue? {
        var current = root
        for step in steps {
            switch (step, current) {
            case (.key(let name), .object(let fields)):
                guard let next = fields[name] else { return nil }
                current = next
            case (.index(let index), .array(let items)):
                guard items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}
