import Foundation
import StubServer

/// Makes a plausible JSON value from a JSON Schema, seeded so the same document and seed give the
/// same bodies. Examples, `const`, `default` and `enum` win over invention; `$ref`, `allOf`, `oneOf`
/// and `anyOf` are followed (a `oneOf` with a discriminator gets its discriminator value).
struct SchemaSampler {
    let document: OpenAPIDocument
    var generator: SeededGenerator

    init(document: OpenAPIDocument, seed: UInt64) {
        self.document = document
        self.generator = SeededGenerator(seed: seed)
    }

    /// Whether a schema says enough to invent a value that means something (for headers).
    func isDescriptive(_ schemaValue: Any?) -> Bool {
        guard let schema = document.resolve(schemaValue) else { return false }
        return ["example", "examples", "const", "default", "enum", "pattern", "format"].contains { schema[$0] != nil }
            || ["integer", "number", "boolean"].contains(Self.type(of: schema))
    }

    mutating func sample(_ schemaValue: Any?, name: String = "", depth: Int = 0) -> JSONValue {
        guard depth < 12, let schema = document.resolve(schemaValue) else { return .null }
        if let example = schema["example"] { return Self.json(example) }
        if let examples = schema["examples"] as? [Any], let first = examples.first { return Self.json(first) }
        if let constant = schema["const"] { return Self.json(constant) }
        if let value = schema["default"] { return Self.json(value) }
        if let options = schema["enum"] as? [Any], let first = options.first(where: { !($0 is NSNull) }) ?? options.first {
            return Self.json(first)
        }
        if let parts = schema["allOf"] as? [Any] {
            var merged: [String: JSONValue] = [:]
            for part in parts {
                if case .object(let fields) = sample(part, name: name, depth: depth + 1) { merged.merge(fields) { $1 } }
            }
            if case .object(let own) = sampleObject(schema, depth: depth) { merged.merge(own) { $1 } }
            return .object(merged)
        }
        if let choices = (schema["oneOf"] ?? schema["anyOf"]) as? [Any], !choices.isEmpty {
            let pick = Int.random(in: 0..<choices.count, using: &generator)
            var value = sample(choices[pick], name: name, depth: depth + 1)
            if let discriminator = schema["discriminator"] as? [String: Any], let property = discriminator["propertyName"] as? String,
               case .object(var fields) = value {
                let reference = document.reference(of: choices[pick])
                let mapped = (discriminator["mapping"] as? [String: String])?.first { $0.value == reference }?.key
                let fallback = reference.map { String($0.split(separator: "/").last ?? "") }
                if let tag = mapped ?? (fields[property] == nil ? fallback : nil) { fields[property] = .string(tag) }
                value = .object(fields)
            }
            return value
        }
        switch Self.type(of: schema) {
        case "object": return sampleObject(schema, depth: depth)
        case "array":
            let count = max(schema["minItems"] as? Int ?? 1, 1)
            return .array((0..<min(count, 3)).map { _ in sample(schema["items"], name: name, depth: depth + 1) })
        case "integer":
            let low = Int((Self.number(schema["minimum"]) ?? 1).rounded(.up))
            let high = max(Int((Self.number(schema["maximum"]) ?? Double(low + 99)).rounded(.down)), low)
            return .number(Double(Int.random(in: low...high, using: &generator)))
        case "number":
            let low = Self.number(schema["minimum"]) ?? 1, high = max(Self.number(schema["maximum"]) ?? low + 99, low)
            return .number((Double.random(in: low...high, using: &generator) * 100).rounded() / 100)
        case "boolean": return .bool(Bool.random(using: &generator))
        case "null": return .null
        default: return .string(sampleString(schema, name: name))
        }
    }

    private mutating func sampleObject(_ schema: [String: Any], depth: Int) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        for (key, property) in (schema["properties"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            fields[key] = sample(property, name: key, depth: depth + 1)
        }
        return .object(fields)
    }

    private mutating func sampleString(_ schema: [String: Any], name: String) -> String {
        let serial = Int.random(in: 1000...9999, using: &generator)
        switch schema["format"] as? String {
        case "date-time": return "2026-11-20T12:00:00Z"
        case "date": return "2026-11-20"
        case "uuid":
            let hex = (0..<32).map { _ in String(Int.random(in: 0..<16, using: &generator), radix: 16) }.joined()
            let chars = Array(hex)
            return "\(String(chars[0..<8]))-\(String(chars[8..<12]))-4\(String(chars[13..<16]))-a\(String(chars[17..<20]))-\(String(chars[20..<32]))"
        case "email": return "user\(serial)@example.com"
        case "uri", "url": return "https://example.com/\(serial)"
        case "ipv4": return "192.0.2.\(serial % 250 + 1)"
        default: break
        }
        if let pattern = schema["pattern"] as? String, let text = PatternSampler.sample(pattern, using: &generator) { return text }
        let minimum = schema["minLength"] as? Int ?? 0
        var text = name.isEmpty ? "text-\(serial)" : "\(name)-\(serial)"
        while text.count < minimum { text += "x" }
        if let maximum = schema["maxLength"] as? Int, text.count > maximum { text = String(text.prefix(max(maximum, 0))) }
        return text
    }

    /// A bound written as a whole or a decimal number.
    static func number(_ value: Any?) -> Double? { (value as? Double) ?? (value as? Int).map(Double.init) }

    /// The schema's type; with a list (`[string, "null"]`) the first that is not null.
    static func type(of schema: [String: Any]) -> String {
        if let single = schema["type"] as? String { return single }
        if let list = schema["type"] as? [String] { return list.first { $0 != "null" } ?? "null" }
        if schema["properties"] != nil { return "object" }
        if schema["items"] != nil { return "array" }
        return "string"
    }

    /// YAML-loaded values as JSON.
    static func json(_ value: Any) -> JSONValue {
        switch value {
        case is NSNull: return .null
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .number(Double(number))
        case let number as Double: return .number(number)
        case let text as String: return .string(text)
        case let date as Date:
            // YAML reads 2026-11-20 as a timestamp; give back the day when there is no time of day.
            let formatter = ISO8601DateFormatter()
            let midnight = date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0
            formatter.formatOptions = midnight ? [.withFullDate] : [.withInternetDateTime]
            return .string(formatter.string(from: date))
        case let list as [Any]: return .array(list.map(json))
        case let object as [String: Any]: return .object(object.mapValues(json))
        default: return .string("\(value)")
        }
    }
}
