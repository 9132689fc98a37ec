import Foundation

/// Validates JSON against the JSON Schema subset `Contracts/openapi.yaml` uses:
/// `$ref`, `allOf`, `anyOf`, `type` (one or a list), `properties`, `required`, `items`, `enum`, `pattern`,
/// `minLength`/`maxLength` (in code points), `minimum`/`maximum`, `oneOf`, and the `date`
/// and `date-time` formats.
struct JSONSchemaValidator {
    /// The whole OpenAPI document, for `$ref` lookups.
    let document: [String: Any]

    /// Every violation as `path: reason`; empty when the value conforms.
    func validate(_ value: JSONValue, against schema: [String: Any], path: String = "$") -> [String] {
        if let reference = schema["$ref"] as? String {
            guard let target = resolve(reference) else { return ["\(path): unresolvable $ref \(reference)"] }
            return validate(value, against: target, path: path)
        }
        if let parts = schema["allOf"] as? [[String: Any]] {
            var problems = parts.flatMap { validate(value, against: $0, path: path) }
            var rest = schema
            rest.removeValue(forKey: "allOf")
            if !rest.isEmpty { problems += validate(value, against: rest, path: path) }
            return problems
        }
        if let options = schema["anyOf"] as? [[String: Any]] {
            return options.contains { validate(value, against: $0, path: path).isEmpty } ? []
                : ["\(path): matches none of the anyOf alternatives"]
        }
        if let options = schema["oneOf"] as? [[String: Any]] {
            let matching = options.filter { validate(value, against: $0, path: path).isEmpty }.count
            return matching == 1 ? [] : ["\(path): matches \(matching) of the oneOf alternatives, expected exactly 1"]
        }
        var problems: [String] = []
        let allowed: [String] = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
        if !allowed.isEmpty, !allowed.contains(where: { Self.matches(value, type: $0) }) {
            return ["\(path): expected \(allowed.joined(separator: " or ")), found \(value.typeName)"]
        }
        if let options = schema["enum"] as? [Any] {
            let texts = options.map { "\($0)" }
            if case .string(let text) = value, !texts.contains(text) {
                problems.append("\(path): \"\(text)\" is not one of \(texts.joined(separator: ", "))")
            }
        }
        switch value {
        case .string(let text):
            let length = text.unicodeScalars.count
            if let min = schema["minLength"] as? Int, length < min { problems.append("\(path): shorter than \(min)") }
            if let max = schema["maxLength"] as? Int, length > max { problems.append("\(path): longer than \(max)") }
            if let pattern = schema["pattern"] as? String, !Self.matches(text, pattern: pattern) {
                problems.append("\(path): \"\(text)\" does not match \(pattern)")
            }
            if let format = schema["format"] as? String, !Self.conforms(text, format: format) {
                problems.append("\(path): \"\(text)\" is not a valid \(format)")
            }
        case .number(let number):
            if let min = (schema["minimum"] as? NSNumber)?.doubleValue, number < min { problems.append("\(path): below \(min)") }
            if let max = (schema["maximum"] as? NSNumber)?.doubleValue, number > max { problems.append("\(path): above \(max)") }
        case .array(let items):
            if let itemSchema = schema["items"] as? [String: Any] {
                for (index, item) in items.enumerated() {
                    problems += validate(item, against: itemSchema, path: "\(path)[\(index)]")
                }
            }
        case .object(let fields):
            for name in (schema["required"] as? [String]) ?? [] where fields[name] == nil {
                problems.append("\(path): missing required \(name)")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (name, fieldValue) in fields.sorted(by: { $0.key < $1.key }) {
                if let fieldSchema = properties[name] as? [String: Any] {
                    problems += validate(fieldValue, against: fieldSchema, path: "\(path).\(name)")
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(path): unexpected property \(name)")
                }
            }
        default:
            break
        }
        return problems
    }

    /// A schema by `#/a/b/c` pointer.
    func resolve(_ reference: String) -> [String: Any]? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: Any = document
        for key in reference.dropFirst(2).split(separator: "/") {
            guard let next = (node as? [String: Any])?[String(key)] else { return nil }
            node = next
        }
        return node as? [String: Any]
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number):
            return true
        case ("integer", .number(let number)):
            return number.rounded() == number
        default:
            return false
        }
    }

    private static func matches(_ text: String, pattern: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private static func conforms(_ text: String, format: String) -> Bool {
        switch format {
        case "date": return matches(text, pattern: #"^\d{4}-\d{2}-\d{2}$"#)
        case "date-time": return matches(text, pattern: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#)
        default: return true
        }
    }
}
