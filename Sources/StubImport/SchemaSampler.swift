import Foundation
import StubRuntime
import StubFormats
import StubEngine

/// Makes a JSON value that fits a JSON Schema (OpenAPI 3.0 or 3.1), seeded so the same document
/// and seed give the same bodies.
///
/// - An `example`, `examples`, `const`, `default` or `enum` value wins over invention when it
///   fits the schema; one that does not is noted (`notes`) and a value is made instead.
/// - `$ref` is followed; a schema met again on its own path (recursion) is sampled minimally:
///   only `required` properties, `minItems` items (none when that is 0), `null` where the schema
///   allows it, and the simplest `anyOf`/`oneOf` alternative, so the value stays valid and finite.
///   So is everything once one body has `nodeBudget` values: a document like Stripe's, where
///   every object links to others, would otherwise give bodies of millions of values.
/// - `allOf` parts are merged into one schema; for `oneOf` and `anyOf` the first alternative
///   whose value matches exactly as the keyword asks is used, with its `discriminator` value.
/// - `type` lists and `nullable`; objects with `required`, `additionalProperties` and
///   `minProperties`, leaving out `writeOnly` properties; arrays within `minItems`/`maxItems`,
///   `uniqueItems` drawing different values; numbers within `minimum`/`maximum`, both kinds of
///   `exclusive*`, `multipleOf` and `int32`/`int64`; strings within `minLength`/`maxLength`, for a
///   `pattern` (`PatternSampler`) and the formats `date`, `date-time`, `time`, `uuid`, `email`,
///   `uri`, `hostname`, `ipv4`, `ipv6` and `byte`.
struct SchemaSampler {
    let document: OpenAPIDocument
    var generator: SeededGenerator
    let validator: JSONSchemaValidator
    /// Examples that did not fit their schema, and patterns no value was found for, since the
    /// last `takeNotes()`.
    private var notes: [String] = []
    /// Values made so far for the body being sampled.
    private var made = 0
    /// Past this many values in one body, the rest is sampled minimally.
    static let nodeBudget = 400

    /// The notes gathered since the last call.
    mutating func takeNotes() -> [String] {
        defer { notes = [] }
        return notes
    }

    init(document: OpenAPIDocument, seed: UInt64) {
        self.document = document
        self.generator = SeededGenerator(seed: seed)
        self.validator = JSONSchemaValidator(document: document.root)
    }

    /// Whether a schema says enough to invent a value that means something (for optional headers).
    func isDescriptive(_ schemaValue: Any?) -> Bool {
        guard let schema = document.resolve(schemaValue) else { return false }
        return ["example", "examples", "const", "default", "enum", "pattern", "format"].contains { schema[$0] != nil }
            || ["integer", "number", "boolean"].contains(Self.type(of: schema))
    }

    /// The problems of `value` against `schemaValue`; empty when it fits.
    func problems(_ value: JSONValue, _ schemaValue: Any?) -> [String] {
        guard let schema = schemaValue as? [String: Any] else { return [] }
        return validator.validate(value, against: schema)
    }

    /// A value for `schemaValue`, named `name` (a property or header name) for readable strings.
    mutating func sample(_ schemaValue: Any?, name: String = "") -> JSONValue {
        made = 0
        return sample(schemaValue, name: name, trail: [], variant: 0)
    }

    private mutating func sample(_ schemaValue: Any?, name: String, trail: [String], variant: Int) -> JSONValue {
        guard var schema = schemaValue as? [String: Any] else { return .null }
        var trail = trail
        made += 1
        var minimal = trail.count > 48 || made > Self.nodeBudget
        var ownReference: String?
        while let reference = schema["$ref"] as? String {
            if trail.contains(reference) { minimal = true }
            trail.append(reference)
            ownReference = reference
            guard let target = document.resolve(["$ref": reference]) else { return .null }
            var siblings = schema
            siblings.removeValue(forKey: "$ref")
            schema = target.merging(siblings) { _, own in own }
        }
        // A discriminator on a schema that is no choice itself, the base of an allOf family (Adyen's
        // `MandateAccountIdentification`): a value of it is a value of a schema its mapping names.
        if schema["allOf"] == nil, schema["oneOf"] == nil, schema["anyOf"] == nil,
           let discriminator = schema["discriminator"] as? [String: Any], let property = discriminator["propertyName"] as? String,
           let member = member(of: discriminator, base: ownReference), !trail.contains(member.reference) {
            var value = sample(["$ref": member.reference], name: name, trail: trail, variant: variant)
            if case .object(var fields) = value {
                fields[property] = .string(member.tag)
                value = .object(fields)
            }
            return value
        }
        if let parts = schema["allOf"] as? [Any] {
            schema = merged(schema, parts: parts)
        }
        if let given = given(schema, name: name, variant: variant) { return given }
        if minimal, Self.allowsNull(schema) { return .null }
        if let choices = (schema["oneOf"] ?? schema["anyOf"]) as? [Any], !choices.isEmpty {
            return alternative(schema, choices: choices, name: name, trail: trail, variant: variant, minimal: minimal)
        }
        switch Self.type(of: schema) {
        case "object": return object(schema, trail: trail, minimal: minimal)
        case "array": return array(schema, name: name, trail: trail, minimal: minimal)
        case "integer", "number": return .number(number(schema, variant: variant))
        case "boolean": return .bool(variant % 2 == 0 ? Bool.random(using: &generator) : variant % 4 == 1)
        case "null": return .null
        default: return .string(string(schema, name: name, variant: variant))
        }
    }

    /// The first schema (by tag) a discriminator names, other than `base`: from its `mapping`, or,
    /// without one, the schemas that extend `base` through `allOf`, each tagged with its own name.
    private func member(of discriminator: [String: Any], base: String?) -> (tag: String, reference: String)? {
        if let mapping = discriminator["mapping"] as? [String: Any], !mapping.isEmpty {
            for tag in mapping.keys.sorted() {
                guard let target = mapping[tag] as? String else { continue }
                let reference = target.contains("#") ? target : "#/components/schemas/" + target
                if reference != base, document.resolve(["$ref": reference]) != nil { return (tag, reference) }
            }
            return nil
        }
        guard let base, let schemas = (document.root["components"] as? [String: Any])?["schemas"] as? [String: Any] else { return nil }
        for name in schemas.keys.sorted() {
            let parts = (schemas[name] as? [String: Any])?["allOf"] as? [Any] ?? []
            if parts.contains(where: { ($0 as? [String: Any])?["$ref"] as? String == base }) {
                return (name, "#/components/schemas/" + name)
            }
        }
        return nil
    }

    /// `allOf`'s parts and the schema's own keywords as one schema: properties and `required`
    /// united (a property two parts define must fit both), the tighter bound kept, any other
    /// keyword from the first part that has it.
    private func merged(_ schema: [String: Any], parts: [Any]) -> [String: Any] {
        var result = schema
        result.removeValue(forKey: "allOf")
        for part in parts {
            guard var resolved = document.resolve(part) else { continue }
            if let nested = resolved["allOf"] as? [Any] { resolved = merged(resolved, parts: nested) }
            for (key, value) in resolved {
                switch key {
                case "properties":
                    let mine = result["properties"] as? [String: Any] ?? [:]
                    result["properties"] = mine.merging(value as? [String: Any] ?? [:]) { current, other in ["allOf": [current, other]] }
                case "required":
                    let mine = result["required"] as? [String] ?? []
                    result["required"] = mine + (value as? [String] ?? []).filter { !mine.contains($0) }
                case "minimum", "minLength", "minItems", "minProperties":
                    result[key] = max(SchemaSampler.number(result[key]) ?? -.infinity, SchemaSampler.number(value) ?? -.infinity)
                case "maximum", "maxLength", "maxItems", "maxProperties":
                    result[key] = min(SchemaSampler.number(result[key]) ?? .infinity, SchemaSampler.number(value) ?? .infinity)
                default:
                    if result[key] == nil { result[key] = value }
                }
            }
        }
        for key in ["minLength", "minItems", "minProperties", "maxLength", "maxItems", "maxProperties"] {
            if let bound = result[key] as? Double { result[key] = bound.isFinite ? Int(bound) : nil }
        }
        return result
    }

    /// A value the document gives (`example`, `examples`, `const`, `default`, `enum`) that fits.
    private mutating func given(_ schema: [String: Any], name: String, variant: Int) -> JSONValue? {
        if let constant = schema["const"] { return Self.json(constant) }
        var candidates: [Any] = []
        if let example = schema["example"] { candidates.append(example) }
        if let examples = schema["examples"] as? [Any] { candidates += examples }
        if let value = schema["default"] { candidates.append(value) }
        for candidate in candidates {
            let value = Self.json(candidate)
            if validator.conforms(value, to: schema) { return value }
            let problems = validator.validate(value, against: schema)
            notes.append("\(name.isEmpty ? "a value" : name): the example \(Self.short(candidate)) "
                         + "does not fit its schema (\(problems[0])); made one instead")
        }
        if let options = schema["enum"] as? [Any], !options.isEmpty {
            // The first, as Prism gives; later ones for the further items of a uniqueItems array.
            let usable = options.filter { !($0 is NSNull) }
            return Self.json(usable.isEmpty ? options[0] : usable[variant % usable.count])
        }
        return nil
    }

    /// The first alternative (from a seeded start) whose value fits the whole schema, so a
    /// `oneOf` value matches exactly one alternative.
    private mutating func alternative(_ schema: [String: Any], choices: [Any], name: String, trail: [String], variant: Int,
                                      minimal: Bool) -> JSONValue {
        var rest = schema
        rest.removeValue(forKey: "oneOf")
        rest.removeValue(forKey: "anyOf")
        var start = Int.random(in: 0..<choices.count, using: &generator)
        // Minimally: a null or a plain value before an object that links on (Stripe's expandable
        // fields are `anyOf: [string id, $ref object]`).
        if minimal, let simple = choices.firstIndex(where: { choice in
            guard let resolved = document.resolve(choice) else { return false }
            return Self.allowsNull(resolved) || !["object", "array"].contains(Self.type(of: resolved))
        }) {
            start = simple
        }
        var first: JSONValue?
        for offset in 0..<choices.count {
            let index = (start + offset) % choices.count
            var choice = document.resolve(choices[index]) ?? [:]
            if Self.type(of: rest) == "object", rest["properties"] != nil {
                choice = merged(rest, parts: [choices[index]])
            }
            var value = sample(choice, name: name, trail: trail + (document.reference(of: choices[index]).map { [$0] } ?? []), variant: variant)
            if let discriminator = schema["discriminator"] as? [String: Any], let property = discriminator["propertyName"] as? String,
               case .object(var fields) = value {
                let reference = document.reference(of: choices[index])
                let mapped = (discriminator["mapping"] as? [String: String])?.first { $0.value == reference }?.key
                let fallback = reference.map { String($0.split(separator: "/").last ?? "") }
                if let tag = mapped ?? (fields[property] == nil ? fallback : nil) { fields[property] = .string(tag) }
                value = .object(fields)
            }
            // The value was made from this alternative, so it fits it: anyOf asks no more (the
            // whole body is checked once, at the end), and oneOf asks that no other accepts it.
            // Checking each level's whole subtree again cost seconds on Stripe's document.
            guard schema["oneOf"] != nil else { return value }
            let othersAccept = choices.indices.contains { other in
                other != index && document.resolve(choices[other]).map { validator.conforms(value, to: $0) } == true
            }
            if !othersAccept { return value }
            // A oneOf value that other alternatives accept too (objects whose properties are all
            // optional): give it, for each of them, one of their own properties with a value of
            // the wrong type, which the chosen alternative does not name.
            if schema["oneOf"] != nil, let excluded = excluding(value, chosen: choice, others: choices, except: index),
               validator.conforms(excluded, to: schema) {
                return excluded
            }
            if first == nil { first = value }
        }
        return first ?? .null
    }

    /// `value` with, for each other alternative that accepts it, a property only that alternative
    /// names set to a value of a type it refuses; nil when some alternative gives no such property.
    private func excluding(_ value: JSONValue, chosen: [String: Any], others: [Any], except: Int) -> JSONValue? {
        guard case .object(var fields) = value else { return nil }
        let own = Set((chosen["properties"] as? [String: Any] ?? [:]).keys)
        if chosen["additionalProperties"] as? Bool == false { return nil }
        for (index, other) in others.enumerated() where index != except {
            guard let alternative = document.resolve(other), validator.conforms(.object(fields), to: alternative) else { continue }
            let properties = alternative["properties"] as? [String: Any] ?? [:]
            guard let (name, wrong) = properties.keys.sorted().lazy.compactMap({ name -> (String, JSONValue)? in
                guard !own.contains(name), fields[name] == nil, let property = self.document.resolve(properties[name]),
                      let type = property["type"] as? String else { return nil }
                return (name, type == "string" ? .bool(true) : .string("not a \(type)"))
            }).first else { return nil }
            fields[name] = wrong
        }
        return .object(fields)
    }

    private mutating func object(_ schema: [String: Any], trail: [String], minimal: Bool) -> JSONValue {
        let properties = schema["properties"] as? [String: Any] ?? [:]
        let required = Set(schema["required"] as? [String] ?? [])
        var fields: [String: JSONValue] = [:]
        for (key, property) in properties.sorted(by: { $0.key < $1.key }) {
            guard !minimal || required.contains(key) else { continue }
            if !required.contains(key), let resolved = document.resolve(property), resolved["writeOnly"] as? Bool == true { continue }
            let value = sample(property, name: key, trail: trail, variant: 0)
            // An optional value no value can fit (Adyen's `gender`: an enum of words, `maxLength: 1`)
            // is left out rather than served wrong. Only plain values are checked here: an object's
            // or array's subtree is checked once, with the whole body.
            let plain: Bool = switch value { case .array, .object: false; default: true }
            if !required.contains(key), plain, let schema = property as? [String: Any],
               !validator.conforms(value, to: schema) { continue }
            fields[key] = value
        }
        for key in required.sorted() where fields[key] == nil {
            fields[key] = sample(schema["additionalProperties"] as? [String: Any] ?? ["type": "string"], name: key, trail: trail, variant: 0)
        }
        if let least = schema["minProperties"] as? Int, schema["additionalProperties"] as? Bool != false {
            var extra = 1
            while fields.count < least {
                let extraSchema = schema["additionalProperties"] as? [String: Any] ?? ["type": "string"]
                fields["extra\(extra)"] = sample(extraSchema, name: "extra", trail: trail, variant: extra)
                extra += 1
            }
        }
        return .object(fields)
    }

    private mutating func array(_ schema: [String: Any], name: String, trail: [String], minimal: Bool) -> JSONValue {
        let least = schema["minItems"] as? Int ?? 0
        let most = schema["maxItems"] as? Int ?? Int.max
        let count = min(max(least, minimal ? 0 : 1), most)
        let unique = schema["uniqueItems"] as? Bool == true
        var items: [JSONValue] = []
        var attempt = 0
        while items.count < count, attempt < count * 8 + 8 {
            let item = sample(schema["items"], name: name, trail: trail, variant: attempt)
            attempt += 1
            if unique, items.contains(item) { continue }
            items.append(item)
        }
        return .array(items)
    }

    private mutating func number(_ schema: [String: Any], variant: Int) -> Double {
        let integer = Self.type(of: schema) == "integer"
        var low = Self.number(schema["minimum"]), high = Self.number(schema["maximum"])
        if let bound = JSONSchemaValidator.exclusiveBound(schema["exclusiveMinimum"], inclusive: low) {
            low = integer ? bound.rounded(.down) + 1 : bound + Swift.max(abs(bound) * 1e-6, 0.01)
        }
        if let bound = JSONSchemaValidator.exclusiveBound(schema["exclusiveMaximum"], inclusive: high) {
            high = integer ? bound.rounded(.up) - 1 : bound - Swift.max(abs(bound) * 1e-6, 0.01)
        }
        if schema["format"] as? String == "int32" {
            low = Swift.max(low ?? -2_147_483_648, -2_147_483_648)
            high = Swift.min(high ?? 2_147_483_647, 2_147_483_647)
        }
        let from = low ?? Swift.min(1, (high ?? 100) - 99)
        let to = Swift.max(high ?? from + 99, from)
        if let step = Self.number(schema["multipleOf"]), step > 0 {
            let first = (from / step).rounded(.up), last = (to / step).rounded(.down)
            let k = first <= last ? Double.random(in: first...last, using: &generator).rounded(.down) : first
            return Swift.min(Swift.max(k, first), Swift.max(first, last)) * step
        }
        if integer {
            let a = from.rounded(.up), b = Swift.max(to.rounded(.down), a)
            guard a.magnitude < 9e15, b.magnitude < 9e15 else { return a }
            return Double(Int.random(in: Int(a)...Int(b), using: &generator))
        }
        let value = (Double.random(in: from...to, using: &generator) * 100).rounded() / 100
        return value < from || value > to ? from : value
    }

    private mutating func string(_ schema: [String: Any], name: String, variant: Int) -> String {
        let serial = Int.random(in: 1000...9999, using: &generator)
        let least = schema["minLength"] as? Int ?? 0, most = schema["maxLength"] as? Int ?? Int.max
        func fits(_ text: String) -> Bool { (least...Swift.max(least, most)).contains(text.unicodeScalars.count) }
        if let formatted = format(schema["format"] as? String, name: name, serial: serial), fits(formatted) { return formatted }
        if let pattern = schema["pattern"] as? String {
            for _ in 0..<12 {
                if let text = PatternSampler.sample(pattern, using: &generator), fits(text) { return text }
            }
            notes.append("\(name.isEmpty ? "a string" : name): no value for the pattern \(pattern) within its length; the value may not match it")
        }
        var text = name.isEmpty ? "text-\(serial)" : "\(name)-\(serial)"
        while text.unicodeScalars.count < least { text += "x" }
        if text.unicodeScalars.count > most { text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(Swift.max(most, 0)))) }
        return text
    }

    private mutating func format(_ format: String?, name: String, serial: Int) -> String? {
        switch format {
        case "date-time"?: return "2026-11-20T12:00:00Z"
        case "date"?: return "2026-11-20"
        case "time"?: return "12:00:00Z"
        case "uuid"?:
            let hex = (0..<32).map { _ in String(Int.random(in: 0..<16, using: &generator), radix: 16) }.joined()
            let chars = Array(hex)
            return "\(String(chars[0..<8]))-\(String(chars[8..<12]))-4\(String(chars[13..<16]))-a\(String(chars[17..<20]))-\(String(chars[20..<32]))"
        case "email"?: return "user\(serial)@example.com"
        case "uri"?, "url"?: return "https://example.com/\(serial)"
        case "hostname"?: return "host\(serial).example.com"
        case "ipv4"?: return "192.0.2.\(serial % 250 + 1)"
        case "ipv6"?: return "2001:db8::\(serial)"
        case "byte"?: return Data("\(name.isEmpty ? "bytes" : name)-\(serial)".utf8).base64EncodedString()
        default: return nil
        }
    }

    /// `value` as compact JSON, cut to 60 characters, for a note a person reads.
    private static func short(_ value: Any) -> String {
        let text = String(decoding: WireJSON.encode(json(value)), as: UTF8.self)
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    /// A bound written as a whole or a decimal number.
    static func number(_ value: Any?) -> Double? {
        if value is Bool { return nil }
        return (value as? Double) ?? (value as? Int).map(Double.init)
    }

    /// The schema's type; with a list (`[string, "null"]`) the first that is not null.
    static func type(of schema: [String: Any]) -> String {
        if let single = schema["type"] as? String { return single }
        if let list = schema["type"] as? [String] { return list.first { $0 != "null" } ?? "null" }
        if schema["properties"] != nil || schema["additionalProperties"] != nil || schema["required"] != nil { return "object" }
        if schema["items"] != nil { return "array" }
        if schema["minimum"] != nil || schema["maximum"] != nil || schema["multipleOf"] != nil { return "number" }
        return "string"
    }

    /// YAML-loaded values as JSON.
    static func json(_ value: Any) -> JSONValue { JSONSchemaValidator.json(value) }

    /// Whether `null` fits: `nullable: true` (3.0), `null` in a type list or as the type (3.1),
    /// or an `enum` that lists it.
    static func allowsNull(_ schema: [String: Any]) -> Bool {
        if schema["nullable"] as? Bool == true { return true }
        if let types = schema["type"] as? [String] { return types.contains("null") }
        if schema["type"] as? String == "null" { return true }
        return (schema["enum"] as? [Any])?.contains { $0 is NSNull } == true
    }
}
