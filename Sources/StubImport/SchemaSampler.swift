import Foundation
import StubRuntime
import StubFormats
import StubEngine
import StubOpenAPI

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
///   A schema with both takes its alternatives from `oneOf`, passing over one whose value no
///   `anyOf` alternative accepts.
/// - `type` lists and `nullable`; objects with `required`, `additionalProperties` and
///   `minProperties`, leaving out `writeOnly` properties; arrays within `minItems`/`maxItems`,
///   `uniqueItems` drawing different values; numbers within `minimum`/`maximum`, both kinds of
///   `exclusive*`, `multipleOf` and `int32`/`int64`; strings within `minLength`/`maxLength`, for a
///   `pattern` (`PatternSampler`) and the formats `date`, `date-time`, `time`, `uuid`, `email`,
///   `uri`, `hostname`, `ipv4`, `ipv6` and `byte`.
struct SchemaSampler {
    let document: OpenAPISource
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

    init(document: OpenAPISource, seed: UInt64) {
        self.document = document
        self.generator = SeededGenerator(seed: seed)
        self.validator = JSONSchemaValidator(document: document)
    }

    /// Whether a schema says enough to invent a value that means something (for optional headers).
    func isDescriptive(_ schema: OpenAPISchema?) -> Bool {
        guard let schema, let resolved = document.resolved(schema) else { return false }
        return resolved.example != nil || resolved.examples != nil || resolved.constValue != nil || resolved.defaultValue != nil
            || resolved.enumValues != nil || resolved.pattern != nil || resolved.format != nil
            || ["integer", "number", "boolean"].contains(resolved.primaryType)
    }

    /// The problems of `value` against `schema`; empty when it fits.
    func problems(_ value: JSONValue, _ schema: OpenAPISchema?) -> [String] {
        guard let schema else { return [] }
        return validator.validate(value, against: schema)
    }

    /// A value for `schema`, named `name` (a property or header name) for readable strings.
    mutating func sample(_ schema: OpenAPISchema?, name: String = "") -> JSONValue {
        made = 0
        return sample(schema, name: name, trail: [], variant: 0)
    }

    private mutating func sample(_ given: OpenAPISchema?, name: String, trail: [String], variant: Int) -> JSONValue {
        guard var schema = given else { return .null }
        var trail = trail
        made += 1
        var minimal = trail.count > 48 || made > Self.nodeBudget
        var ownReference: String?
        while let reference = schema.reference {
            if trail.contains(reference) { minimal = true }
            trail.append(reference)
            ownReference = reference
            guard let next = document.followed(schema) else { return .null }
            schema = next
        }
        // A discriminator on a schema that is no choice itself, the base of an allOf family (Adyen's
        // `MandateAccountIdentification`): a value of it is a value of a schema its mapping names.
        if schema.allOf == nil, schema.alternatives == nil, let discriminator = schema.discriminator,
           let member = member(of: discriminator, base: ownReference), !trail.contains(member.reference) {
            var value = sample(OpenAPISchema(["$ref": member.reference]), name: name, trail: trail, variant: variant)
            if case .object(var fields) = value {
                fields[discriminator.propertyName] = .string(member.tag)
                value = .object(fields)
            }
            return value
        }
        if let parts = schema.allOf {
            schema = merged(schema, parts: parts)
        }
        // 3.1's if/then/else: the branch `if` picks for a value made without it is merged in, as
        // an allOf part would be (`else` when `if` asks what a plain value would not give).
        if let condition = schema.ifSchema {
            var plain = schema.raw
            for key in ["if", "then", "else"] { plain.removeValue(forKey: key) }
            let without = schema.replacing(plain)
            let first = sample(without, name: name, trail: trail, variant: variant)
            guard let branch = validator.conforms(first, to: condition) ? schema.thenSchema : schema.elseSchema,
                  !validator.conforms(first, to: branch) else { return first }
            return sample(merged(without, parts: [branch]), name: name, trail: trail, variant: variant)
        }
        if let given = self.given(schema, name: name, variant: variant) { return given }
        if minimal, schema.allowsNull { return .null }
        if let choices = schema.alternatives, !choices.isEmpty {
            return alternative(schema, choices: choices, name: name, trail: trail, variant: variant, minimal: minimal)
        }
        switch schema.primaryType {
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
    private func member(of discriminator: OpenAPIDiscriminator, base: String?) -> (tag: String, reference: String)? {
        if !discriminator.mapping.isEmpty {
            for tag in discriminator.mapping.keys.sorted() {
                guard let reference = discriminator.mapping[tag] else { continue }
                if reference != base, document.target(of: reference) != nil { return (tag, reference) }
            }
            return nil
        }
        guard let base else { return nil }
        let schemas = document.componentSchemas
        for name in schemas.keys.sorted() where (schemas[name]?.allOf ?? []).contains(where: { $0.reference == base }) {
            return (name, OpenAPISource.child("#/components/schemas", name))
        }
        return nil
    }

    /// `allOf`'s parts and the schema's own keywords as one schema: properties and `required`
    /// united (a property two parts define must fit both), the tighter bound kept, any other
    /// keyword from the first part that has it.
    private func merged(_ schema: OpenAPISchema, parts: [OpenAPISchema]) -> OpenAPISchema {
        var result = schema.raw
        result.removeValue(forKey: "allOf")
        for part in parts {
            guard var resolved = document.resolved(part) else { continue }
            if let nested = resolved.allOf { resolved = merged(resolved, parts: nested) }
            for (key, value) in resolved.raw {
                switch key {
                case "properties":
                    let mine = result["properties"] as? [String: Any] ?? [:]
                    result["properties"] = mine.merging(value as? [String: Any] ?? [:]) { current, other in ["allOf": [current, other]] }
                case "required":
                    let mine = result["required"] as? [String] ?? []
                    result["required"] = mine + (value as? [String] ?? []).filter { !mine.contains($0) }
                case "minimum", "minLength", "minItems", "minProperties":
                    result[key] = max(OpenAPISchema.number(result[key]) ?? -.infinity, OpenAPISchema.number(value) ?? -.infinity)
                case "maximum", "maxLength", "maxItems", "maxProperties":
                    result[key] = min(OpenAPISchema.number(result[key]) ?? .infinity, OpenAPISchema.number(value) ?? .infinity)
                default:
                    if result[key] == nil { result[key] = value }
                }
            }
        }
        for key in ["minLength", "minItems", "minProperties", "maxLength", "maxItems", "maxProperties"] {
            if let bound = result[key] as? Double { result[key] = bound.isFinite ? Int(bound) : nil }
        }
        return schema.replacing(result)
    }

    /// A value the document gives (`example`, `examples`, `const`, `default`, `enum`) that fits.
    private mutating func given(_ schema: OpenAPISchema, name: String, variant: Int) -> JSONValue? {
        if let constant = schema.constValue { return Self.json(constant) }
        var candidates: [Any] = []
        if let example = schema.example { candidates.append(example) }
        if let examples = schema.examples { candidates += examples }
        if let value = schema.defaultValue { candidates.append(value) }
        for candidate in candidates {
            let value = Self.json(candidate)
            if validator.conforms(value, to: schema) { return value }
            let problems = validator.validate(value, against: schema)
            notes.append("\(name.isEmpty ? "a value" : name): the example \(Self.short(candidate)) "
                         + "does not fit its schema (\(problems[0])); made one instead")
        }
        if let options = schema.enumValues, !options.isEmpty {
            // The first, as Prism gives; later ones for the further items of a uniqueItems array.
            let usable = options.filter { !($0 is NSNull) }
            return Self.json(usable.isEmpty ? options[0] : usable[variant % usable.count])
        }
        return nil
    }

    /// The first alternative (from a seeded start) whose value fits the whole schema, so a
    /// `oneOf` value matches exactly one alternative.
    private mutating func alternative(_ schema: OpenAPISchema, choices: [OpenAPISchema], name: String, trail: [String], variant: Int,
                                      minimal: Bool) -> JSONValue {
        var restKeywords = schema.raw
        restKeywords.removeValue(forKey: "oneOf")
        restKeywords.removeValue(forKey: "anyOf")
        let rest = schema.replacing(restKeywords)
        var start = Int.random(in: 0..<choices.count, using: &generator)
        // Minimally: a null or a plain value before an object that links on (Stripe's expandable
        // fields are `anyOf: [string id, $ref object]`).
        if minimal, let simple = choices.firstIndex(where: { choice in
            guard let resolved = document.resolved(choice) else { return false }
            return resolved.allowsNull || !["object", "array"].contains(resolved.primaryType)
        }) {
            start = simple
        }
        var first: JSONValue?
        for offset in 0..<choices.count {
            let index = (start + offset) % choices.count
            var choice = document.resolved(choices[index]) ?? .anything
            if rest.primaryType == "object", rest.declaresProperties {
                choice = merged(rest, parts: [choices[index]])
            }
            let reference = choices[index].reference
            var value = sample(choice, name: name, trail: trail + (reference.map { [$0] } ?? []), variant: variant)
            if let discriminator = schema.discriminator, case .object(var fields) = value {
                let property = discriminator.propertyName
                let mapped = discriminator.mapping.first { $0.value == reference }?.key
                let fallback = reference.map { String($0.split(separator: "/").last ?? "") }
                if let tag = mapped ?? (fields[property] == nil ? fallback : nil) { fields[property] = .string(tag) }
                value = .object(fields)
            }
            // The value was made from this alternative, so it fits it: anyOf asks no more (the
            // whole body is checked once, at the end), and oneOf asks that no other accepts it.
            // Checking each level's whole subtree again cost seconds on Stripe's document.
            guard schema.oneOf != nil else { return value }
            let othersAccept = choices.indices.contains { other in
                other != index && document.resolved(choices[other]).map { validator.conforms(value, to: $0) } == true
            }
            // An `anyOf` beside the `oneOf` (the alternatives come from `oneOf`) must take the
            // value too: an alternative whose value no `anyOf` alternative accepts is passed over.
            let fitsAnyOf = schema.anyOf.map { any in
                any.contains { document.resolved($0).map { validator.conforms(value, to: $0) } == true }
            } ?? true
            if !othersAccept, fitsAnyOf { return value }
            // A oneOf value that other alternatives accept too (objects whose properties are all
            // optional): give it, for each of them, one of their own properties with a value of
            // the wrong type, which the chosen alternative does not name.
            if fitsAnyOf, let excluded = excluding(value, chosen: choice, others: choices, except: index),
               validator.conforms(excluded, to: schema) {
                return excluded
            }
            if first == nil { first = value }
        }
        return first ?? .null
    }

    /// `value` with, for each other alternative that accepts it, a property only that alternative
    /// names set to a value of a type it refuses; nil when some alternative gives no such property.
    private func excluding(_ value: JSONValue, chosen: OpenAPISchema, others: [OpenAPISchema], except: Int) -> JSONValue? {
        guard case .object(var fields) = value else { return nil }
        let own = Set(chosen.properties.keys)
        if case .forbidden = chosen.additionalProperties { return nil }
        for (index, other) in others.enumerated() where index != except {
            guard let alternative = document.resolved(other), validator.conforms(.object(fields), to: alternative) else { continue }
            let properties = alternative.properties
            guard let (name, wrong) = properties.keys.sorted().lazy.compactMap({ name -> (String, JSONValue)? in
                guard !own.contains(name), fields[name] == nil, let property = properties[name].flatMap(self.document.resolved),
                      property.types.count == 1, let type = property.types.first else { return nil }
                return (name, type == "string" ? .bool(true) : .string("not a \(type)"))
            }).first else { return nil }
            fields[name] = wrong
        }
        return .object(fields)
    }

    private mutating func object(_ schema: OpenAPISchema, trail: [String], minimal: Bool) -> JSONValue {
        let properties = schema.properties
        let required = Set(schema.required)
        var fields: [String: JSONValue] = [:]
        for (key, property) in properties.sorted(by: { $0.key < $1.key }) {
            guard !minimal || required.contains(key) else { continue }
            if !required.contains(key), document.resolved(property)?.writeOnly == true { continue }
            let value = sample(property, name: key, trail: trail, variant: 0)
            // An optional value no value can fit (Adyen's `gender`: an enum of words, `maxLength: 1`)
            // is left out rather than served wrong. Only plain values are checked here: an object's
            // or array's subtree is checked once, with the whole body.
            let plain: Bool = switch value { case .array, .object: false; default: true }
            if !required.contains(key), plain, !validator.conforms(value, to: property) { continue }
            fields[key] = value
        }
        let extraSchema: OpenAPISchema
        if case .schema(let given) = schema.additionalProperties { extraSchema = given } else { extraSchema = OpenAPISchema(["type": "string"]) }
        for key in required.sorted() where fields[key] == nil {
            fields[key] = sample(extraSchema, name: key, trail: trail, variant: 0)
        }
        // 3.1's dependentRequired: a property present brings the ones it names.
        for (key, others) in schema.dependentRequired.sorted(by: { $0.key < $1.key }) where fields[key] != nil {
            for other in others where fields[other] == nil {
                fields[other] = sample(properties[other] ?? extraSchema, name: other, trail: trail, variant: 0)
            }
        }
        let closed: Bool = if case .forbidden = schema.additionalProperties { true } else { false }
        if let least = schema.minProperties, !closed {
            var extra = 1
            while fields.count < least {
                fields["extra\(extra)"] = sample(extraSchema, name: "extra", trail: trail, variant: extra)
                extra += 1
            }
        }
        return .object(fields)
    }

    private mutating func array(_ schema: OpenAPISchema, name: String, trail: [String], minimal: Bool) -> JSONValue {
        let prefix = schema.prefixItems ?? []
        let wanted = schema.contains.map { _ in schema.minContains ?? 1 } ?? 0
        // The items `contains` wants come after the prefix, so they add to its length.
        let least = max(schema.minItems ?? 0, prefix.count + wanted)
        let most = schema.maxItems ?? Int.max
        let count = min(max(least, minimal ? 0 : 1), most)
        let unique = schema.uniqueItems
        var items: [JSONValue] = []
        var attempt = 0
        while items.count < count, attempt < count * 8 + 8 {
            // 3.1's prefixItems give the first items their own schemas; contains wants
            // minContains items that fit it, made after the prefix.
            let index = items.count
            var itemSchema = index < prefix.count ? prefix[index] : schema.items
            if index >= prefix.count, index < prefix.count + wanted, let contains = schema.contains {
                itemSchema = schema.items.map { merged(contains, parts: [$0]) } ?? contains
            }
            let item = sample(itemSchema, name: name, trail: trail, variant: attempt)
            attempt += 1
            if unique, items.contains(item) { continue }
            items.append(item)
        }
        return .array(items)
    }

    private mutating func number(_ schema: OpenAPISchema, variant: Int) -> Double {
        let integer = schema.primaryType == "integer"
        var low = schema.minimum, high = schema.maximum
        if let bound = schema.exclusiveMinimum {
            let above = integer ? bound.rounded(.down) + 1 : bound + Swift.max(abs(bound) * 1e-6, 0.01)
            low = Swift.max(low ?? above, above)
        }
        if let bound = schema.exclusiveMaximum {
            let below = integer ? bound.rounded(.up) - 1 : bound - Swift.max(abs(bound) * 1e-6, 0.01)
            high = Swift.min(high ?? below, below)
        }
        if schema.format == "int32" {
            low = Swift.max(low ?? -2_147_483_648, -2_147_483_648)
            high = Swift.min(high ?? 2_147_483_647, 2_147_483_647)
        }
        let from = low ?? Swift.min(1, (high ?? 100) - 99)
        let to = Swift.max(high ?? from + 99, from)
        if let step = schema.multipleOf {
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

    private mutating func string(_ schema: OpenAPISchema, name: String, variant: Int) -> String {
        let serial = Int.random(in: 1000...9999, using: &generator)
        let least = schema.minLength ?? 0, most = schema.maxLength ?? Int.max
        func fits(_ text: String) -> Bool { (least...Swift.max(least, most)).contains(text.unicodeScalars.count) }
        if let formatted = format(schema.format, name: name, serial: serial), fits(formatted) { return formatted }
        if let pattern = schema.pattern {
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

    /// YAML-loaded values as JSON.
    static func json(_ value: Any) -> JSONValue { JSONSchemaValidator.json(value) }
}
