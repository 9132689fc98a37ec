import HTTPTypes
package import Yams

/// A route's `request` (method, path, params, query, headers, body) and the matchers it and
/// `when` use.
extension RouteFileLoader {
    package func compileRequest(_ node: Node, at: String, reader: inout NodeReader) -> (RoutePattern, RequestCondition)? {
        guard let fields = reader.fields(node, at: at, allowed: Self.requestFields) else { return nil }
        var method = "*", pathText: String?, pathNode: Node?
        var condition = RequestCondition()
        for (key, _, value) in fields {
            switch key {
            case "method": method = reader.string(value, at: "\(at).method")?.uppercased() ?? method
            case "path": pathText = reader.string(value, at: "\(at).path"); pathNode = value
            default:
                let partial = compileCondition(key: key == "params" ? "path" : key, value, at: "\(at).\(key)", reader: &reader)
                condition.path += partial.path
                condition.query += partial.query
                condition.headers += partial.headers
                condition.body += partial.body
            }
        }
        guard let pathText else {
            reader.fail(node, "\(at) needs a path, e.g. /api/users/{id}")
            return nil
        }
        do {
            let pattern = try RoutePattern("\(method) \(pathText)")
            let declared = Set(pattern.segments.compactMap { segment -> String? in
                if case .parameter(let name) = segment { return name }
                return nil
            })
            for (name, _) in condition.path where !declared.contains(name) {
                reader.fail(node, "\(at).params.\(name): the path \(pathText) has no {\(name)}")
            }
            return (pattern, condition)
        } catch {
            reader.fail(pathNode, "\(at): \(error.reason)")
            return nil
        }
    }

    /// `query`, `headers`, `body` or (in `when`) `path`: a mapping of names or JSON paths to matchers.
    package func compileCondition(key: String, _ node: Node, at: String, reader: inout NodeReader) -> RequestCondition {
        var condition = RequestCondition()
        for (name, keyNode, value) in reader.pairs(node, at: at) ?? [] {
            guard let matcher = matcher(value, at: "\(at).\(name)", reader: &reader) else { continue }
            switch key {
            case "path": condition.path.append((name, matcher))
            case "query": condition.query.append((name, matcher))
            case "headers":
                guard let field = HTTPField.Name(name) else {
                    reader.fail(keyNode, "\(at): \"\(name)\" is not a valid header name")
                    continue
                }
                condition.headers.append((field, matcher))
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
        let kind: ValueMatcher.Kind
        if case .mapping = node {
            guard let fields = reader.fields(node, at: at, allowed: ["equals", "matches", "present", "absent"]) else { return nil }
            guard fields.count == 1, let (key, _, value) = fields.first else {
                reader.fail(node, "\(at) takes exactly one of equals, matches, present: true or absent: true")
                return nil
            }
            switch key {
            case "equals": kind = .equals(NodeReader.jsonValue(value))
            case "matches":
                guard let pattern = reader.string(value, at: "\(at).matches") else { return nil }
                kind = .matches(pattern)
            default:
                guard let flag = reader.bool(value, at: "\(at).\(key)") else { return nil }
                guard flag else {
                    reader.fail(value, "\(at).\(key) must be true; use \(key == "present" ? "absent" : "present"): true for the opposite")
                    return nil
                }
                kind = key == "present" ? .present : .absent
            }
        } else {
            kind = .equals(NodeReader.jsonValue(node))
        }
        do {
            return try ValueMatcher(kind)
        } catch {
            reader.fail(node, "\(at): \(error.reason)")
            return nil
        }
    }
}
