import HTTPTypes
package import Yams

/// A route's `request` (method, path, params, query, headers, body) and the matchers it and
/// `when` use.
extension RouteFileLoader {
    package func compileRequest(_ node: Node, at: String, reader: inout NodeReader) -> (RoutePattern, RequestCondition)? {
        guard let fields = reader.fields(node, at: at, allowed: Self.requestFields) else { return nil }
        var method = "*", pathText: String?, pathNode: Node?, paramsNode: Node?
        var condition = RequestCondition()
        for (key, _, value) in fields {
            switch key {
            case "method": method = reader.string(value, at: "\(at).method") ?? method  // RoutePattern reads it in any case
            case "path", "pathPattern", "urlPattern":
                // One of the three, in whichever order the mapping writes them.
                if pathNode != nil {
                    reader.fail(value, "\(at) has more than one of path, pathPattern and urlPattern; keep one")
                    continue
                }
                pathNode = value
                guard key != "path" else {
                    pathText = reader.string(value, at: "\(at).path")
                    continue
                }
                pathText = "/**"
                guard let pattern = reader.string(value, at: "\(at).\(key)") else { continue }
                do {
                    condition.target = (key == "urlPattern" ? .url : .path, try ValueMatcher(.matches(pattern)))
                } catch {
                    reader.fail(value, "\(at).\(key): \(error.reason)")
                }
            default:
                if key == "params" { paramsNode = value }
                condition.merge(compileCondition(key: key == "params" ? "path" : key, value, at: "\(at).\(key)", reader: &reader))
            }
        }
        guard let pathText else {
            reader.fail(node, "\(at) needs a path, e.g. /api/users/{id} (or a pathPattern or urlPattern, a regular expression)")
            return nil
        }
        do {
            let pattern = try RoutePattern("\(method) \(pathText)")
            let declared = Set(pattern.segments.compactMap { segment -> String? in
                if case .parameter(let name) = segment { return name }
                return nil
            })
            for (name, _) in condition.path where !declared.contains(name) {
                reader.fail(paramsNode ?? node, "\(at).params.\(name): the path \(pathText) has no {\(name)}")
            }
            return (pattern, condition)
        } catch {
            reader.fail(pathNode, "\(at): \(error.reason)")
            return nil
        }
    }

    /// `query`, `headers`, `body`, `xpath` or (in `when`) `path`: a mapping of names, JSON paths or
    /// XPath expressions to matchers; or `bodyText` (a matcher) or `bodyXml` (the XML, as text).
    package func compileCondition(key: String, _ node: Node, at: String, reader: inout NodeReader) -> RequestCondition {
        var condition = RequestCondition()
        switch key {
        case "bodyText":
            condition.bodyText = matcher(node, at: at, reader: &reader)
            return condition
        case "bodyXml":
            guard let text = reader.string(node, at: at) else { return condition }
            do {
                condition.bodyXML = try ExpectedXML(text)
            } catch {
                reader.fail(node, "\(at) \(error.reason)")
            }
            return condition
        case "parts":
            for (index, item) in (reader.list(node, at: at) ?? []).enumerated() {
                let place = "\(at)[\(index)]"
                guard let fields = reader.fields(item, at: place, allowed: Self.partFields) else { continue }
                var part = RequestCondition.PartCondition(every: false, condition: RequestCondition())
                for (field, _, value) in fields {
                    if field == "match" {
                        switch reader.string(value, at: "\(place).match") {
                        case "any"?: part.every = false
                        case "all"?: part.every = true
                        case let other?: reader.fail(value, "\(place).match is \"\(other)\"; write any (one part passes) or all (every part does)")
                        case nil: break
                        }
                    } else {
                        part.condition.merge(compileCondition(key: field, value, at: "\(place).\(field)", reader: &reader))
                    }
                }
                if part.condition.isEmpty { reader.fail(item, "\(place) tests nothing; give headers, body, bodyText, xpath or bodyXml") }
                condition.parts.append(part)
            }
            return condition
        default:
            break
        }
        for (name, keyNode, value) in reader.pairs(node, at: at) ?? [] {
            guard let matcher = matcher(value, at: "\(at).\(name)", reader: &reader) else { continue }
            switch key {
            case "path": condition.path.append((name, matcher))
            case "query": condition.query.append((name, matcher))
            case "cookies": condition.cookies.append((name, matcher))
            case "headers":
                guard let field = HTTPField.Name(name) else {
                    reader.fail(keyNode, "\(at): \"\(name)\" is not a valid header name")
                    continue
                }
                condition.headers.append((field, matcher))
            case "xpath":
                do {
                    condition.xpath.append((try XPath(name), matcher))
                } catch {
                    reader.fail(keyNode, "\(at): \(error.reason)")
                }
            default:
                do {
                    condition.body.append((try JSONPath(name), matcher))
                } catch {
                    reader.fail(keyNode, "\(at): \(error.reason)")
                }
            }
        }
        return condition
    }

    package func matcher(_ node: Node, at: String, reader: inout NodeReader) -> ValueMatcher? {
        var kind: ValueMatcher.Kind?
        var equality = JSONEquality()
        if case .mapping = node {
            guard let fields = reader.fields(node, at: at, allowed: Self.matcherFields + Self.equalityFields + Self.dateFields) else {
                return nil
            }
            let kinds = fields.filter { Self.matcherFields.contains($0.key) }
            guard kinds.count == 1, let (key, _, value) = kinds.first else {
                reader.fail(node, "\(at) takes exactly one of \(Self.matcherFields.dropLast(2).joined(separator: ", ")), "
                            + "present: true or absent: true")
                return nil
            }
            switch key {
            case "equals": kind = .equals(NodeReader.jsonValue(value))
            case "and", "or", "hasExactly", "includes":
                guard let items = reader.list(value, at: "\(at).\(key)") else { return nil }
                guard !items.isEmpty else {
                    reader.fail(value, "\(at).\(key) needs a list of one or more matchers")
                    return nil
                }
                var parts: [ValueMatcher] = []
                for (index, item) in items.enumerated() {
                    guard let part = matcher(item, at: "\(at).\(key)[\(index)]", reader: &reader) else { return nil }
                    parts.append(part)
                }
                kind = switch key {
                case "and": .all(parts)
                case "or": .any(parts)
                case "hasExactly": .hasExactly(parts)
                default: .includes(parts)
                }
            case "before", "after", "equalToDateTime":
                guard let spec = reader.string(value, at: "\(at).\(key)"),
                      let condition = dateCondition(key, spec: spec, fields: fields, node: value, at: at, reader: &reader) else { return nil }
                kind = .date(condition)
            case let key where ValueMatcher.NumberComparison(rawValue: key) != nil:
                guard let comparison = ValueMatcher.NumberComparison(rawValue: key), let bound = reader.double(value, at: "\(at).\(key)") else {
                    return nil
                }
                kind = .number(comparison, bound)
            case "matches", "doesNotMatch", "contains", "doesNotContain":
                guard let text = reader.string(value, at: "\(at).\(key)") else { return nil }
                kind = switch key {
                case "matches": .matches(text)
                case "doesNotMatch": .doesNotMatch(text)
                case "contains": .contains(text)
                default: .doesNotContain(text)
                }
            default:
                guard let flag = reader.bool(value, at: "\(at).\(key)") else { return nil }
                guard flag else {
                    reader.fail(value, "\(at).\(key) must be true; use \(key == "present" ? "absent" : "present"): true for the opposite")
                    return nil
                }
                kind = key == "present" ? .present : .absent
            }
            if case .date? = kind {} else if let (option, _, value) = fields.first(where: { Self.dateFields.contains($0.key) }) {
                reader.fail(value, "\(at).\(option) goes with before, after or equalToDateTime")
                return nil
            }
            for (option, _, value) in fields where Self.equalityFields.contains(option) {
                guard let flag = reader.bool(value, at: "\(at).\(option)") else { return nil }
                switch option {
                case "ignoreArrayOrder": equality.ignoreArrayOrder = flag
                case "ignoreExtraElements": equality.ignoreExtraElements = flag
                default: equality.caseInsensitive = flag
                }
            }
        } else {
            kind = .equals(NodeReader.jsonValue(node))
        }
        guard let kind else { return nil }
        do {
            return try ValueMatcher(kind, equality: equality)
        } catch {
            reader.fail(node, "\(at): \(error.reason)")
            return nil
        }
    }

    package static let matcherFields = ["equals", "matches", "doesNotMatch", "contains", "doesNotContain", "and", "or", "hasExactly",
                                        "includes", "before", "after", "equalToDateTime"]
        + ValueMatcher.NumberComparison.allCases.map(\.rawValue) + ["present", "absent"]
    package static let equalityFields = ["ignoreArrayOrder", "ignoreExtraElements", "caseInsensitive"]
    /// The options of a date matcher (WireMock's names).
    package static let dateFields = DateCondition.optionNames

    /// `before`/`after`/`equalToDateTime` with its options, or nil after saying why.
    private func dateCondition(_ key: String, spec: String, fields: [(key: String, keyNode: Node, value: Node)], node: Node, at: String,
                               reader: inout NodeReader) -> DateCondition? {
        var options: [String: String] = [:]
        for (name, _, value) in fields where Self.dateFields.contains(name) {
            guard case .scalar(let scalar) = value else {
                reader.fail(value, "\(at).\(name) is a text, a number or true/false")
                return nil
            }
            options[name] = scalar.string
        }
        guard let comparison = DateCondition.Comparison(rawValue: key) else { return nil }
        do {
            return try DateCondition(comparison, expected: spec, options: options)
        } catch {
            reader.fail(node, "\(at).\(key): \(error.reason)")
            return nil
        }
    }
}
