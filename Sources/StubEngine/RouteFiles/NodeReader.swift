package import Yams
package import StubFormats

/// Reads a composed YAML (or JSON) document field by field, collecting every problem with its
/// line, and refusing fields it does not know, so a typo never passes silently.
package struct NodeReader {
    package let file: String
    package var problems: [FixtureProblem] = []

    /// Composes a YAML (or JSON) text; a syntax error becomes a problem with its line.
    package mutating func compose(_ text: String) -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            problems.append(FixtureProblem(file: file, line: YAMLLineLocator.line(of: error),
                                           reason: "invalid YAML: \(YAMLLineLocator.summary(of: error, in: text))"))
        } catch {
            problems.append(FixtureProblem(file: file, line: nil, reason: "\(error)"))
        }
        return nil
    }

    package mutating func fail(_ node: Node?, _ reason: String) {
        problems.append(FixtureProblem(file: file, line: node?.mark?.line, reason: reason))
    }

    /// The pairs of a mapping, with unknown keys reported; nil (and a problem) when not a mapping.
    package mutating func fields(_ node: Node, at path: String, allowed: [String]) -> [(key: String, keyNode: Node, value: Node)]? {
        guard case .mapping(let mapping) = node else {
            fail(node, "\(path) must be a mapping")
            return nil
        }
        var result: [(String, Node, Node)] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else {
                fail(keyNode, "\(path): keys must be text")
                continue
            }
            if !allowed.isEmpty, !allowed.contains(key) {
                let hint = Spelling.closest(to: key, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
                fail(keyNode, "\(path.isEmpty ? "" : "\(path): ")unknown field \"\(key)\"\(hint); allowed: \(allowed.joined(separator: ", "))")
                continue
            }
            result.append((key, keyNode, value))
        }
        return result
    }

    /// Any mapping's pairs (names chosen by the author, such as header names).
    package mutating func pairs(_ node: Node, at path: String) -> [(key: String, keyNode: Node, value: Node)]? {
        fields(node, at: path, allowed: [])
    }

    package mutating func string(_ node: Node, at path: String) -> String? {
        guard case .scalar(let scalar) = node, node.tagName != .null else {
            fail(node, "\(path) must be text")
            return nil
        }
        return scalar.string
    }

    package mutating func int(_ node: Node, at path: String) -> Int? {
        guard node.tagName == .int, let value = node.int else {
            fail(node, "\(path) must be a whole number")
            return nil
        }
        return value
    }

    package mutating func double(_ node: Node, at path: String) -> Double? {
        guard node.tagName == .int || node.tagName == .float, let value = node.float else {
            fail(node, "\(path) must be a number")
            return nil
        }
        return value
    }

    package mutating func bool(_ node: Node, at path: String) -> Bool? {
        guard node.tagName == .bool, let value = node.bool else {
            fail(node, "\(path) must be true or false")
            return nil
        }
        return value
    }

    package mutating func list(_ node: Node, at path: String) -> [Node]? {
        guard case .sequence(let sequence) = node else {
            fail(node, "\(path) must be a list")
            return nil
        }
        return Array(sequence)
    }

    /// Decodes a Codable part of the behaviour model (latency, bandwidth) from its node.
    package mutating func decode<T: Decodable>(_ type: T.Type, _ node: Node, at path: String) -> T? {
        do {
            return try YAMLDecoder().decode(T.self, from: node)
        } catch let error as DecodingError {
            fail(node, "\(path): \(DecodingFailure.reason(of: error))")
        } catch {
            fail(node, "\(path): \(error)")
        }
        return nil
    }

    /// A scalar, list or mapping as a JSON value; YAML's own types decide numbers and booleans.
    package static func jsonValue(_ node: Node) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            switch node.tagName {
            case .null: return .null
            case .bool: return node.bool.map(JSONValue.bool) ?? .string(scalar.string)
            case .int, .float: return node.float.map(JSONValue.number) ?? .string(scalar.string)
            default: return .string(scalar.string)
            }
        case .sequence(let sequence): return .array(sequence.map(jsonValue))
        case .mapping(let mapping):
            var fields: [String: JSONValue] = [:]
            for (key, value) in mapping { fields[key.string ?? ""] = jsonValue(value) }
            return .object(fields)
        case .alias: return .null
        }
    }
}

extension Node {
    /// The resolved YAML type; Yams keeps `Tag.name` internal, and a tag describes itself by its name.
    package var tagName: Tag.Name { Tag.Name(rawValue: tag.description) }
}
