import Foundation
package import StubFormats

/// How a parameter, or a form body's property, is written in a request: OpenAPI's `style` and
/// `explode` (the "Style Values" and "Style Examples" of OpenAPI 3.0 and 3.1; `matrix`, `label`,
/// `form` and `simple` are RFC 6570's).
package struct ParameterStyle: Sendable, Equatable, CustomStringConvertible {
    package enum Kind: String, Sendable, CaseIterable {
        case matrix, label, form, simple, spaceDelimited, pipeDelimited, deepObject
    }

    package var kind: Kind
    package var explode: Bool

    package init(_ kind: Kind, explode: Bool) {
        self.kind = kind
        self.explode = explode
    }

    /// The style a Parameter (or Encoding) object `raw` writes for a value in `location`
    /// (`path`, `query`, `header`, `cookie`; a form body's property reads as `query`). The
    /// defaults are the specification's: `form` in the query and cookies, `simple` in the path
    /// and headers, and `explode` exactly for `form`. A style the location cannot carry (`form`
    /// in a path) or an unknown one is read as the location's default.
    package init(_ raw: [String: Any], location: String) {
        let written = (raw["style"] as? String).flatMap(Kind.init(rawValue:))
        let fits: Set<Kind> = switch location {
        case "path": [.matrix, .label, .simple]
        case "header": [.simple]
        case "cookie": [.form]
        default: [.form, .spaceDelimited, .pipeDelimited, .deepObject]
        }
        kind = written.flatMap { fits.contains($0) ? $0 : nil } ?? (location == "path" || location == "header" ? .simple : .form)
        explode = raw["explode"] as? Bool ?? (kind == .form)
    }

    package var description: String { "\(kind.rawValue)\(explode ? ", explode" : "")" }

    /// Whether the value comes from name–value pairs (a query string, cookies, a form body)
    /// rather than one text (a path segment, a header).
    var readsPairs: Bool { kind != .matrix && kind != .label && kind != .simple }
}

/// Where a parameter's value is read from, already percent-decoded.
package enum ParameterSource {
    /// A path segment or a header's value.
    case text(String)
    /// Name–value pairs in the order sent: a query string, cookies, a form body.
    case pairs([(name: String, value: String)])
}

/// What a request says of one parameter.
package enum ParameterReading: Equatable {
    /// The request does not give it.
    case absent
    /// Its value, typed as its schema asks (`12` for an integer, a list for an array).
    case value(JSONValue)
    /// It is there but cannot be read in its style: the reason, for a message.
    case malformed(String)
}

/// Reads a parameter's value out of a request as its document serialises it, so that the value
/// can be checked against its schema: `?ids=1&ids=2` (form, exploded) and `?ids=1,2` (form) are
/// both `[1, 2]` for an array of integers; `;id=5` (matrix) and `.5` (label) are `5` in a path;
/// `?filter[status]=open` (deepObject) is `{"status": "open"}`. Each piece of text becomes the
/// first JSON value its schema allows that fits it (a number, a boolean, else the text), so
/// `anyOf: [integer, {type: object}]` (Stripe's `created`) reads `?created=5` as `5` and
/// `?created[gte]=5` as `{"gte": 5}`.
///
/// Values are split after percent-decoding, as Prism does: an item holding the delimiter itself
/// (a comma in an unexploded list) reads as two.
package struct ParameterReader {
    package let validator: JSONSchemaValidator

    package init(validator: JSONSchemaValidator) {
        self.validator = validator
    }

    /// The value of the parameter `name`, written in `style`, with `schema` (nil: any text), from
    /// `source`. `json` reads each value as JSON text (a parameter given as JSON `content`).
    /// `claimed` names the parameters read from the same pairs, which an exploded `form` object
    /// does not take as its properties (its own name may be among them: it is never a property).
    package func read(_ name: String, style: ParameterStyle, schema: OpenAPISchema?, json: Bool = false,
                      from source: ParameterSource, claimed: Set<String> = []) -> ParameterReading {
        let schema = schema ?? .anything
        if json { return readJSON(name, source: source) }
        let shapes = Shapes(of: schema, in: validator.document)
        var candidates: [JSONValue] = []
        var malformed: String?
        switch source {
        case .pairs(let pairs):
            guard style.readsPairs else { return .absent }
            let own = pairs.filter { $0.name == name }.map(\.value)
            // Keys in brackets (`filter[status]`), and the name alone nowhere, are read as
            // deepObject whatever the style says: what clients and form encoders write.
            let bracketed = own.isEmpty && (shapes.object || shapes.array) && pairs.contains { $0.name.hasPrefix(name + "[") }
            if style.kind == .deepObject || bracketed {
                let deep = Deep.build(pairs, name: name)
                if shapes.array, deep.isList || deep.entries.isEmpty, !own.isEmpty || !deep.entries.isEmpty {
                    let items = own.map(Deep.text) + Self.inIndexOrder(deep.entries)
                    candidates.append(.array(items.map { typed($0, schema: itemSchema(schema)) }))
                } else if !deep.entries.isEmpty, shapes.object || shapes.array || shapes.unknown {
                    candidates.append(typed(.entries(deep.entries), schema: schema))
                }
                if let first = own.first, shapes.primitive || first.isEmpty { candidates += primitives(first, schema: schema) }
                break
            }
            let delimiter: Character = style.kind == .spaceDelimited ? " " : style.kind == .pipeDelimited ? "|" : ","
            if shapes.array, !own.isEmpty {
                let items = style.explode ? own : own.flatMap { Self.split($0, by: delimiter) }
                candidates.append(.array(items.map { typed(.text($0), schema: itemSchema(schema)) }))
            }
            if shapes.object {
                if style.explode {
                    var entries: [(key: String, node: Deep)] = []
                    // Its own name is no property: `rgb=` is the empty object, read below.
                    for pair in pairs where pair.name != name && !claimed.contains(pair.name)
                        && !entries.contains(where: { $0.key == pair.name }) {
                        entries.append((pair.name, .text(pair.value)))
                    }
                    if !entries.isEmpty { candidates.append(typed(.entries(entries), schema: schema)) }
                } else if let first = own.first {
                    switch Self.alternating(Self.split(first, by: delimiter)) {
                    case .some(let entries): candidates.append(typed(.entries(entries), schema: schema))
                    case .none: malformed = "is not written as \(style.kind.rawValue) style (key\(delimiter)value\(delimiter)…)"
                    }
                }
            }
            if let first = own.first, shapes.primitive || first.isEmpty { candidates += primitives(first, schema: schema) }
        case .text(let text):
            guard !style.readsPairs else { return .absent }
            switch style.kind {
            case .label:
                guard text.hasPrefix(".") else { return .malformed("is not written as label style (.value)") }
                let rest = String(text.dropFirst())
                let delimiter: Character = style.explode ? "." : ","
                textCandidates(rest, delimiter: delimiter, pairs: style.explode ? delimiter : nil, shapes: shapes, schema: schema,
                               into: &candidates, malformed: &malformed, style: style)
            case .matrix:
                guard text.hasPrefix(";") else { return .malformed("is not written as matrix style (;\(name)=value)") }
                let items = text.dropFirst().split(separator: ";", omittingEmptySubsequences: false).map { item in
                    let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    return (key: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
                }
                let own = items.filter { $0.key == name }.map(\.value)
                if shapes.array, !own.isEmpty {
                    let values = style.explode ? own : own.flatMap { Self.split($0, by: ",") }
                    candidates.append(.array(values.map { typed(.text($0), schema: itemSchema(schema)) }))
                }
                if shapes.object {
                    if style.explode {
                        candidates.append(typed(.entries(items.map { ($0.key, .text($0.value)) }), schema: schema))
                    } else if let first = own.first {
                        if let entries = Self.alternating(Self.split(first, by: ",")) {
                            candidates.append(typed(.entries(entries), schema: schema))
                        } else {
                            malformed = "is not written as matrix style (;\(name)=key,value,…)"
                        }
                    }
                }
                if shapes.primitive, let first = own.first { candidates += primitives(first, schema: schema) }
                if candidates.isEmpty, malformed == nil { malformed = "is not written as matrix style (;\(name)=value)" }
            default:
                textCandidates(text, delimiter: ",", pairs: style.explode ? "," : nil, shapes: shapes, schema: schema,
                               into: &candidates, malformed: &malformed, style: style)
            }
        }
        guard let first = candidates.first else { return malformed.map(ParameterReading.malformed) ?? .absent }
        return .value(candidates.first { validator.conforms($0, to: schema) } ?? first)
    }

    /// A `simple` or `label` text (the label's dot taken off): a list split at `delimiter`, an
    /// object as `k=v` items split at `pairs` when exploded, else as alternating keys and values.
    private func textCandidates(_ text: String, delimiter: Character, pairs: Character?, shapes: Shapes,
                                schema: OpenAPISchema, into candidates: inout [JSONValue], malformed: inout String?,
                                style: ParameterStyle) {
        // `simple` is the headers' style, whose lists have blanks after their commas.
        let trim = style.kind == .simple
        if shapes.array {
            candidates.append(.array(Self.split(text, by: delimiter, trim: trim).map { typed(.text($0), schema: itemSchema(schema)) }))
        }
        if shapes.object {
            let entries: [(key: String, node: Deep)]?
            if let pairs {
                entries = Self.split(text, by: pairs, trim: trim).map { item in
                    let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    return (String(parts[0]), .text(parts.count > 1 ? String(parts[1]) : ""))
                }
            } else {
                entries = Self.alternating(Self.split(text, by: ",", trim: trim))
            }
            if let entries { candidates.append(typed(.entries(entries), schema: schema)) } else {
                malformed = "is not written as \(style.kind.rawValue) style (key,value,…)"
            }
        }
        if shapes.primitive { candidates += primitives(text, schema: schema) }
    }

    /// A parameter given as JSON `content`: its one value read as JSON.
    private func readJSON(_ name: String, source: ParameterSource) -> ParameterReading {
        let text: String
        switch source {
        case .text(let own): text = own
        case .pairs(let pairs):
            guard let own = pairs.first(where: { $0.name == name })?.value else { return .absent }
            text = own
        }
        guard let value = try? JSONValue.parse(text) else { return .malformed("is not JSON") }
        return .value(value)
    }

    // MARK: Typing

    /// A piece of text, or entries under keys (`a[b]=1&a[c]=2`, `;R=1;G=2`), not yet typed.
    indirect enum Deep {
        case text(String)
        case entries([(key: String, node: Deep)])

        /// The entries below `name[…]` keys of `pairs`: `name[a][b]=1` is `a → b → 1`, and
        /// `name[]=x` adds an entry with an empty key (a list item).
        static func build(_ pairs: [(name: String, value: String)], name: String) -> (entries: [(key: String, node: Deep)], isList: Bool) {
            var root: [(key: String, node: Deep)] = []
            for pair in pairs where pair.name.hasPrefix(name + "[") {
                guard let keys = Self.keys(pair.name.dropFirst(name.count)) else { continue }
                insert(&root, keys: keys[...], value: pair.value)
            }
            let isList = !root.isEmpty && root.allSatisfy { ParameterReader.isIndex($0.key) }
            return (root, isList)
        }

        /// `[a][b][]` as `a`, `b`, ``; nil when it is not written in brackets.
        private static func keys(_ text: Substring) -> [String]? {
            var keys: [String] = []
            var rest = text
            while !rest.isEmpty {
                guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
                keys.append(String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            return keys.isEmpty ? nil : keys
        }

        private static func insert(_ entries: inout [(key: String, node: Deep)], keys: ArraySlice<String>, value: String) {
            guard let key = keys.first else { return }
            if keys.count == 1 {
                entries.append((key, .text(value)))
                return
            }
            // `[]` starts a new item each time; a named key gathers everything under it.
            if !key.isEmpty, let index = entries.firstIndex(where: { $0.key == key }), case .entries(var inner) = entries[index].node {
                insert(&inner, keys: keys.dropFirst(), value: value)
                entries[index].node = .entries(inner)
            } else {
                var inner: [(key: String, node: Deep)] = []
                insert(&inner, keys: keys.dropFirst(), value: value)
                entries.append((key, .entries(inner)))
            }
        }
    }

    /// `node` as the JSON value `schema` expects: entries become a list when the schema takes
    /// a list and every key is an index or empty, otherwise an object (a key's first value).
    func typed(_ node: Deep, schema: OpenAPISchema) -> JSONValue {
        switch node {
        case .text(let text):
            let candidates = primitives(text, schema: schema)
            return candidates.first { validator.conforms($0, to: schema) } ?? candidates[0]
        case .entries(let entries):
            let shapes = Shapes(of: schema, in: validator.document)
            let indexed = entries.allSatisfy { Self.isIndex($0.key) }
            let unnamed = entries.allSatisfy { $0.key.isEmpty }
            if indexed, shapes.array && (!shapes.object || unnamed) || shapes.unknown && unnamed {
                return .array(Self.inIndexOrder(entries).map { typed($0, schema: itemSchema(schema)) })
            }
            // A key given more than once (`a[tags]=x&a[tags]=y`) is a list where its schema takes
            // one, as a repeated name is at the top (`form`, exploded); otherwise its first value.
            var object: [String: JSONValue] = [:]
            for entry in entries where object[entry.key] == nil {
                let property = propertySchema(schema, entry.key)
                let all = entries.filter { $0.key == entry.key }.map(\.node)
                if case .text = entry.node, Shapes(of: property, in: validator.document).array,
                   all.allSatisfy({ if case .text = $0 { true } else { false } }) {
                    object[entry.key] = .array(all.map { typed($0, schema: itemSchema(property)) })
                } else {
                    object[entry.key] = typed(entry.node, schema: property)
                }
            }
            return .object(object)
        }
    }

    /// The values `text` could stand for under `schema`, most specific first: a number where
    /// the schema allows one and the text is written as one, `true`/`false` where it allows a
    /// boolean, `{}` or `[]` for an empty text where it allows an object or a list, and always
    /// the text itself.
    func primitives(_ text: String, schema: OpenAPISchema) -> [JSONValue] {
        let shapes = Shapes(of: schema, in: validator.document)
        var found: [JSONValue] = []
        if shapes.number, let number = Self.number(text) { found.append(.number(number)) }
        if shapes.boolean, text == "true" || text == "false" { found.append(.bool(text == "true")) }
        // Form encoders write an empty object or list as an empty value (`a[b]=`).
        if text.isEmpty, shapes.object { found.append(.object([:])) }
        if text.isEmpty, shapes.array { found.append(.array([])) }
        found.append(.string(text))
        return found
    }

    private func itemSchema(_ schema: OpenAPISchema) -> OpenAPISchema {
        let own = validator.document.resolved(schema) ?? schema
        if let items = own.items { return items }
        for member in (own.alternatives ?? []) + (own.allOf ?? []) {
            let member = validator.document.resolved(member) ?? member
            if let items = member.items { return items }
        }
        return .anything
    }

    /// The schema of `schema`'s property `key`: its own, a choice's or an `allOf` member's, else
    /// `additionalProperties`'.
    package func propertySchema(_ schema: OpenAPISchema, _ key: String) -> OpenAPISchema {
        let own = validator.document.resolved(schema) ?? schema
        let members = [own] + ((own.alternatives ?? []) + (own.allOf ?? [])).map { validator.document.resolved($0) ?? $0 }
        if let property = members.lazy.compactMap({ $0.property(key) }).first { return property }
        for member in members {
            if case .schema(let additional) = member.additionalProperties { return additional }
        }
        return .anything
    }

    /// Whether `schema` takes a list and nothing else.
    package func isList(_ schema: OpenAPISchema) -> Bool {
        let shapes = Shapes(of: schema, in: validator.document)
        return shapes.array && !shapes.object && !shapes.primitive
    }

    /// A list's items (`[2]`, `[0]`, `[]`) in the order their indices give, then those without
    /// an index (`[]`) in the order sent.
    static func inIndexOrder(_ entries: [(key: String, node: Deep)]) -> [Deep] {
        entries.enumerated().sorted { left, right in
            let (a, b) = (Int(left.element.key) ?? .max, Int(right.element.key) ?? .max)
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element.node)
    }

    /// The kinds of value a schema allows, its choices and `allOf` members included; every kind
    /// when it names none.
    struct Shapes {
        var array = false, object = false, number = false, boolean = false, string = false
        /// The schema names no type: a value is read as text, a number or a boolean, and keys
        /// in brackets as an object.
        var unknown = false

        var primitive: Bool { number || boolean || string }

        init(of schema: OpenAPISchema, in document: OpenAPISource) {
            var types: Set<String> = []
            Self.collect(schema, document: document, into: &types, depth: 0)
            if types.isEmpty || types == ["null"] {
                (unknown, number, boolean, string) = (true, true, true, true)
                return
            }
            array = types.contains("array")
            object = types.contains("object")
            number = types.contains("number") || types.contains("integer")
            boolean = types.contains("boolean")
            string = types.contains("string")
        }

        private static func collect(_ schema: OpenAPISchema, document: OpenAPISource, into types: inout Set<String>, depth: Int) {
            guard depth < 8, let schema = document.resolved(schema) else { return }
            let written = schema.types
            if !written.isEmpty {
                types.formUnion(written)
                return
            }
            let members = (schema.alternatives ?? []) + (schema.allOf ?? [])
            for member in members { collect(member, document: document, into: &types, depth: depth + 1) }
            if members.isEmpty {
                if schema.declaresProperties || schema.raw["additionalProperties"] != nil { types.insert("object") }
                if schema.raw["items"] != nil || schema.raw["prefixItems"] != nil { types.insert("array") }
            }
        }
    }

    // MARK: Text

    /// Whether a key in brackets names a list's item: empty (`[]`) or digits (`[0]`).
    static func isIndex(_ key: String) -> Bool {
        key.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The items of an unexploded list; none for an empty text.
    /// The items of an unexploded list; none for an empty text. `trim` takes the blanks around
    /// each off, as an HTTP list in a header is written (`1, 2`).
    static func split(_ text: String, by delimiter: Character, trim: Bool = false) -> [String] {
        guard !text.isEmpty else { return [] }
        let items = text.split(separator: delimiter, omittingEmptySubsequences: false)
        return trim ? items.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) } : items.map(String.init)
    }

    /// `R,100,G,200` as `R → 100, G → 200`; nil for an odd count.
    static func alternating(_ items: [String]) -> [(key: String, node: Deep)]? {
        guard items.count.isMultiple(of: 2) else { return nil }
        return stride(from: 0, to: items.count, by: 2).map { (items[$0], .text(items[$0 + 1])) }
    }

    /// `text` as a number when it is written as JSON writes one (`-12`, `1.5`, `2e3`); `0x10`,
    /// `inf` and ` 1` are text.
    static func number(_ text: String) -> Double? {
        JSONValue.isNumberText(text) ? Double(text) : nil
    }
}
