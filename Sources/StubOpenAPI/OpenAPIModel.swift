import Foundation

// The parts of an OpenAPI document StubBank reads, typed, read in one place: the importer,
// request validation (`validate: requests`), `verify` and `compat` all walk operations,
// parameters, bodies, responses and schemas through these types, so each rule of the format
// (which methods an item has, how path-level parameters combine with an operation's own, how
// `$ref` chains are followed, what 3.0's `nullable` and 3.1's type lists mean) is written once.
//
// Each type is a view over the loaded tree (`raw`) with the pointer it was found at: building
// one costs nothing, so a document of Stripe's size (4 MB) is not copied into a second tree.

extension OpenAPISource {
    /// The methods an operation can sit under, in the order StubBank lists them.
    package static let methods = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]

    /// `value` with its `$ref` chain followed (local references only, at most 32 hops), and the
    /// pointer (`#/components/schemas/A`, or `pointer` when `value` is no reference) of what was
    /// found. Nil when `value` is not a mapping or a reference leads nowhere.
    package func resolve(_ value: Any?, at pointer: String = "") -> (object: [String: Any], pointer: String)? {
        guard var object = value as? [String: Any] else { return nil }
        var place = pointer
        var hops = 0
        while let reference = object["$ref"] as? String {
            guard hops < 32, reference.hasPrefix("#"), let target = target(of: reference) else { return nil }
            object = target
            place = reference
            hops += 1
        }
        return (object, place)
    }

    /// `components.securitySchemes.NAME`, its `$ref` followed; nil when the document has none
    /// of that name.
    package func securityScheme(_ name: String) -> [String: Any]? {
        let schemes = (root["components"] as? [String: Any])?["securitySchemes"] as? [String: Any]
        return resolve(schemes?[name])?.object
    }

    /// What a local reference (`#/components/schemas/A`) points at, not followed further.
    package func target(of reference: String) -> [String: Any]? {
        if let known = components[reference] { return known }
        guard reference.hasPrefix("#") else { return nil }
        return Self.value(atPointer: String(reference.dropFirst()), in: root) as? [String: Any]
    }

    /// `schema` with its `$ref` chain followed (at most 32 hops), each hop as `followed` gives it;
    /// nil when a reference leads nowhere. The pointer is the last reference's.
    package func resolved(_ schema: OpenAPISchema) -> OpenAPISchema? {
        var schema = schema, hops = 0
        while schema.reference != nil {
            guard hops < 32, let next = followed(schema) else { return nil }
            schema = next
            hops += 1
        }
        return schema
    }

    /// The schema `schema`'s `$ref` names, with the keywords written beside the reference laid
    /// over it where they apply (`OpenAPISchema.besideReference`: in 3.1, `{$ref: Id, readOnly:
    /// true}` is a read-only `Id`); nil when `schema` is no reference or it leads nowhere. A
    /// keyword beside the reference wins over the target's, except that `properties` are joined
    /// (the beside one winning for a name both hold), `required` names are joined and `allOf`
    /// members are added: how the shape readers (the sampler, compat, form and parameter
    /// reading) see the schema. Validation applies the two in full, as JSON Schema's `allOf`.
    package func followed(_ schema: OpenAPISchema) -> OpenAPISchema? {
        guard let reference = schema.reference, let target = target(of: reference) else { return nil }
        var merged = target
        for (key, value) in schema.besideReference(keywordsApply: keywordsBesideReferencesApply)?.raw ?? [:] {
            switch (key, merged[key], value) {
            case ("properties", let own as [String: Any], let beside as [String: Any]):
                merged[key] = own.merging(beside) { _, beside in beside }
            case ("required", let own as [String], let beside as [String]):
                merged[key] = own + beside.filter { !own.contains($0) }
            case ("allOf", let own as [Any], let beside as [Any]):
                merged[key] = own + beside
            default:
                merged[key] = value
            }
        }
        return OpenAPISchema(merged, pointer: reference)
    }

    /// The schema `value` is, unresolved (a `$ref` stays a reference): nil when it is no mapping.
    package func schema(_ value: Any?, at pointer: String = "") -> OpenAPISchema? {
        (value as? [String: Any]).map { OpenAPISchema($0, pointer: pointer) }
    }

    /// `#/components/schemas/NAME` for each named schema, by name.
    package var componentSchemas: [String: OpenAPISchema] {
        let schemas = (root["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
        var found: [String: OpenAPISchema] = [:]
        for (name, value) in schemas {
            let pointer = Self.child("#/components/schemas", name)
            if let schema = schema(value, at: pointer) { found[name] = schema }
        }
        return found
    }

    /// Every operation, sorted by path and then method.
    package var operations: [OpenAPIOperation] {
        let paths = root["paths"] as? [String: Any] ?? [:]
        var found: [OpenAPIOperation] = []
        for path in paths.keys.sorted() {
            let itemPointer = Self.child("#/paths", path)
            guard let (item, _) = resolve(paths[path], at: itemPointer) else { continue }
            for method in Self.methods {
                guard let object = item[method] as? [String: Any] else { continue }
                found.append(OpenAPIOperation(path: path, method: method, raw: object, item: item,
                                              pointer: Self.child(itemPointer, method), itemPointer: itemPointer, document: self))
            }
        }
        return found
    }

    /// Whether the document has a `paths` mapping (a document of components only has none).
    package var hasPaths: Bool { root["paths"] is [String: Any] }

    /// The path of the first server's URL (`/open-banking/v4.0/aisp`), its variables taken at
    /// their defaults (`https://{region}.bank.example/{version}` → `/v4`); "" when there is none.
    package var serverBasePath: String {
        guard let server = (root["servers"] as? [Any])?.first as? [String: Any], var url = server["url"] as? String else { return "" }
        for (name, variable) in server["variables"] as? [String: Any] ?? [:] {
            if let value = (variable as? [String: Any])?["default"] { url = url.replacingOccurrences(of: "{\(name)}", with: "\(value)") }
        }
        if let scheme = url.range(of: "://") {
            let rest = url[scheme.upperBound...]
            url = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? ""
        }
        if let query = url.firstIndex(where: { $0 == "?" || $0 == "#" }) { url = String(url[..<query]) }
        if !url.isEmpty, !url.hasPrefix("/") { url = "/" + url }
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// `pointer/key`, the key escaped as JSON Pointer asks (`~` → `~0`, `/` → `~1`).
    package static func child(_ pointer: String, _ key: String) -> String {
        pointer + "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Every `#/components/SECTION/NAME` → the object there, found once: a large document refers
    /// to them thousands of times.
    static func componentsIndex(of root: [String: Any]) -> [String: [String: Any]] {
        var found: [String: [String: Any]] = [:]
        for (section, entries) in root["components"] as? [String: Any] ?? [:] {
            for (name, value) in entries as? [String: Any] ?? [:] {
                if let object = value as? [String: Any] { found[child("#/components/\(section)", name)] = object }
            }
        }
        return found
    }
}

/// One operation: a method under a path.
package struct OpenAPIOperation: @unchecked Sendable {
    /// The path as written (`/accounts/{accountId}`), without any server's base path.
    package let path: String
    /// Lower case, as the document writes it (`get`).
    package let method: String
    /// The operation's own object.
    package let raw: [String: Any]
    /// The path item it sits in (its `$ref` followed).
    package let item: [String: Any]
    /// `#/paths/~1accounts/get`.
    package let pointer: String
    /// `#/paths/~1accounts`.
    package let itemPointer: String
    let document: OpenAPISource

    /// `GET /accounts/{accountId}`.
    package var name: String { "\(method.uppercased()) \(path)" }
    package var operationID: String? { raw["operationId"] as? String }
    package var deprecated: Bool { raw["deprecated"] as? Bool == true }

    /// The path item's parameters and the operation's own, an own one replacing a path-level one
    /// with the same name and place (as OpenAPI says); each reference followed. A reference that
    /// leads nowhere is left out.
    package var parameters: [OpenAPIParameter] {
        var found: [OpenAPIParameter] = []
        for (list, base) in [(item["parameters"], OpenAPISource.child(itemPointer, "parameters")),
                             (raw["parameters"], OpenAPISource.child(pointer, "parameters"))] {
            for (index, entry) in (list as? [Any] ?? []).enumerated() {
                guard let (object, place) = document.resolve(entry, at: OpenAPISource.child(base, String(index))) else { continue }
                let parameter = OpenAPIParameter(raw: object, pointer: place)
                found.removeAll { $0.name == parameter.name && $0.location == parameter.location }
                found.append(parameter)
            }
        }
        return found
    }

    /// The request body, its reference followed; nil when there is none (or it leads nowhere).
    package var requestBody: OpenAPIRequestBody? {
        document.resolve(raw["requestBody"], at: OpenAPISource.child(pointer, "requestBody"))
            .map { OpenAPIRequestBody(raw: $0.object, pointer: $0.pointer) }
    }

    /// The documented status codes as written (`200`, `4XX`, `default`).
    package var responseCodes: [String] { Array((raw["responses"] as? [String: Any] ?? [:]).keys) }

    /// The response under `code` exactly as written, its reference followed.
    package func response(_ code: String) -> OpenAPIResponse? {
        let responses = raw["responses"] as? [String: Any] ?? [:]
        let base = OpenAPISource.child(pointer, "responses")
        return document.resolve(responses[code], at: OpenAPISource.child(base, code)).map { OpenAPIResponse(raw: $0.object, pointer: $0.pointer) }
    }

    /// The `$ref` written for `code`'s response, when it is one (for a message when it leads nowhere).
    package func responseReference(_ code: String) -> String? {
        ((raw["responses"] as? [String: Any])?[code] as? [String: Any])?["$ref"] as? String
    }

    /// The code that documents `status`: the status itself, its range (`4XX`), or `default`.
    package func documentingCode(for status: Int) -> String? {
        let codes = Set(responseCodes)
        let exact = String(status), range = "\(status / 100)XX"
        if codes.contains(exact) { return exact }
        if let written = codes.first(where: { $0.uppercased() == range }) { return written }
        return codes.contains("default") ? "default" : nil
    }

    /// The security requirements in force: the operation's own, or the document's. Each
    /// requirement is a scheme name → the scopes it needs.
    package var security: [[String: Set<String>]] {
        let list = (raw["security"] ?? document.root["security"]) as? [Any] ?? []
        return list.compactMap { entry in
            (entry as? [String: Any]).map { requirement in
                requirement.mapValues { Set(($0 as? [Any] ?? []).compactMap { $0 as? String }) }
            }
        }
    }
}

/// A parameter: `in: path|query|header|cookie`.
package struct OpenAPIParameter: @unchecked Sendable {
    package let raw: [String: Any]
    package let pointer: String

    package var name: String { raw["name"] as? String ?? "" }
    /// `path`, `query`, `header` or `cookie`.
    package var location: String { raw["in"] as? String ?? "" }
    /// A path parameter is always required.
    package var required: Bool { raw["required"] as? Bool == true || location == "path" }
    /// The schema: its own, or (for a parameter given as `content`) its one media type's.
    package var schema: OpenAPISchema? {
        if let own = raw["schema"] as? [String: Any] { return OpenAPISchema(own, pointer: OpenAPISource.child(pointer, "schema")) }
        return content.first?.schema
    }
    /// A parameter given as `content` (one media type) rather than `schema`.
    package var content: [OpenAPIMediaType] { OpenAPIMediaType.all(in: raw, pointer: pointer) }
    package var example: Any? { raw["example"] }
    /// How its value is written (`style`, `explode`, with the location's defaults).
    package var style: ParameterStyle { ParameterStyle(raw, location: location) }
    /// Whether it is given as JSON `content` rather than a `schema`: its value is JSON text.
    package var readsJSON: Bool { raw["schema"] == nil && content.first?.type.lowercased().contains("json") == true }
}

/// A request body.
package struct OpenAPIRequestBody: @unchecked Sendable {
    package let raw: [String: Any]
    package let pointer: String

    package var required: Bool { raw["required"] as? Bool == true }
    /// Its media types, sorted by type.
    package var content: [OpenAPIMediaType] { OpenAPIMediaType.all(in: raw, pointer: pointer) }

    /// The media type a request's `Content-Type` (parameters dropped, lower case) falls under
    /// (`OpenAPIMediaType.covering`).
    package func media(for type: String) -> OpenAPIMediaType? { OpenAPIMediaType.covering(type, in: content) }
}

/// A response.
package struct OpenAPIResponse: @unchecked Sendable {
    package let raw: [String: Any]
    package let pointer: String

    package var description: String? { raw["description"] as? String }
    /// Its media types, sorted by type.
    package var content: [OpenAPIMediaType] { OpenAPIMediaType.all(in: raw, pointer: pointer) }
    /// Its headers by name, sorted, each reference followed (one that leads nowhere is left out).
    package func headers(in document: OpenAPISource) -> [OpenAPIHeader] {
        let headers = raw["headers"] as? [String: Any] ?? [:]
        let base = OpenAPISource.child(pointer, "headers")
        return headers.keys.sorted().compactMap { name in
            document.resolve(headers[name], at: OpenAPISource.child(base, name))
                .map { OpenAPIHeader(name: name, raw: $0.object, pointer: $0.pointer) }
        }
    }
}

/// A response header.
package struct OpenAPIHeader: @unchecked Sendable {
    package let name: String
    package let raw: [String: Any]
    package let pointer: String

    package var required: Bool { raw["required"] as? Bool == true }
    package var example: Any? { raw["example"] }
    package var schema: OpenAPISchema? {
        if let own = raw["schema"] as? [String: Any] { return OpenAPISchema(own, pointer: OpenAPISource.child(pointer, "schema")) }
        return OpenAPIMediaType.all(in: raw, pointer: pointer).first?.schema
    }
}

/// One entry of a `content` map: a media type with its schema and examples.
package struct OpenAPIMediaType: @unchecked Sendable {
    /// `application/json`, as written.
    package let type: String
    package let raw: [String: Any]
    package let pointer: String

    package var schema: OpenAPISchema? {
        (raw["schema"] as? [String: Any]).map { OpenAPISchema($0, pointer: OpenAPISource.child(pointer, "schema")) }
    }
    /// `example`, as written.
    package var example: Any? { raw["example"] }
    /// `examples` by name, unresolved (each an Example object or a `$ref` to one).
    package var examples: [String: Any] { raw["examples"] as? [String: Any] ?? [:] }

    /// The media type of `content` that `type` (a `Content-Type` with its parameters dropped, in
    /// lower case) falls under: the type itself, or a range (`application/*`, `*/*`) that covers it.
    package static func covering(_ type: String, in content: [OpenAPIMediaType]) -> OpenAPIMediaType? {
        content.first { $0.type.lowercased() == type } ?? content.first { media in
            media.type.hasSuffix("/*") && (media.type == "*/*" || type.hasPrefix(media.type.lowercased().dropLast()))
        }
    }

    /// A `Content-Type` as `covering` takes it: `Application/JSON; charset=utf-8` is `application/json`.
    package static func bare(_ contentType: String) -> String {
        contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }

    /// The `content` map of `owner`, sorted by type.
    static func all(in owner: [String: Any], pointer: String) -> [OpenAPIMediaType] {
        let content = owner["content"] as? [String: Any] ?? [:]
        let base = OpenAPISource.child(pointer, "content")
        return content.keys.sorted().compactMap { type in
            (content[type] as? [String: Any]).map { OpenAPIMediaType(type: type, raw: $0, pointer: OpenAPISource.child(base, type)) }
        }
    }
}

/// The `discriminator` of a schema.
package struct OpenAPIDiscriminator: Sendable, Equatable {
    package let propertyName: String
    /// Tag → reference (`#/components/schemas/Card`), a bare name written as its reference.
    package let mapping: [String: String]

    /// Whether a mapping value is a reference (`#/components/schemas/Card`, `./Card.yaml`,
    /// `common.yaml#/Card`) rather than a schema's name (`Card`).
    package static func isReference(_ target: String) -> Bool { target.contains("#") || target.contains("/") }
}

/// A JSON Schema as OpenAPI 3.0 and 3.1 write it, read through typed keywords. What differs
/// between the versions is settled here, once: `nullable: true` (3.0) and `null` in a `type`
/// list (3.1) both allow null; 3.0's boolean `exclusiveMinimum` makes `minimum` exclusive, where
/// 3.1 writes the bound itself; a bound may be written as a whole or a decimal number (never a
/// flag); `additionalProperties` is a flag or a schema.
package struct OpenAPISchema: @unchecked Sendable {
    /// The schema's own keywords, as written.
    package let raw: [String: Any]
    /// Where it was found, kept as the steps from a written pointer: most schemas a walk makes
    /// (the validator's thousands on a large document) never have theirs asked for, and writing
    /// a JSON pointer costs more than the check itself.
    private let place: Place

    private indirect enum Place {
        case written(String)
        case child(Place, String)

        var pointer: String {
            switch self {
            case .written(let text): text
            case .child(let parent, let key): OpenAPISource.child(parent.pointer, key)
            }
        }
    }

    /// Where it was found (`#/components/schemas/Account/properties/id`), or "" when made here.
    package var pointer: String { place.pointer }

    package init(_ raw: [String: Any], pointer: String = "") {
        self.raw = raw
        self.place = .written(pointer)
    }

    private init(_ raw: [String: Any], place: Place) {
        self.raw = raw
        self.place = place
    }

    /// Other keywords in this schema's place (a merged `allOf`, the keywords around a choice).
    package func replacing(_ raw: [String: Any]) -> OpenAPISchema {
        OpenAPISchema(raw, place: place)
    }

    /// The schema under `path` (`["properties", "id"]`) of this one.
    private func below(_ raw: [String: Any], _ path: String...) -> OpenAPISchema {
        OpenAPISchema(raw, place: path.reduce(place) { .child($0, $1) })
    }

    /// The schema `properties` names `name`, if any (a property written as `true` accepts
    /// anything, one written as `false` nothing: it may not appear).
    package func property(_ name: String) -> OpenAPISchema? {
        guard let value = (raw["properties"] as? [String: Any])?[name] else { return nil }
        return subschema(value, "properties", name)
    }

    /// The schema `true`/`{}` accepts anything.
    package static let anything = OpenAPISchema([:])
    /// The schema `false` accepts nothing.
    package static let nothing = OpenAPISchema(["not": [String: Any]()])

    /// `$ref`, when the schema is (or starts as) a reference.
    package var reference: String? { raw["$ref"] as? String }
    /// The keywords written beside a `$ref` that apply, nil when none: in 3.1 (and later) every
    /// one, in 3.0 none, as its Reference Object says ("any properties added SHALL be ignored").
    /// Xero's 3.0 documents write `rate: { $ref: Amount, type: number }` for an object.
    /// `keywordsApply` is the document's `OpenAPISource.keywordsBesideReferencesApply`.
    package func besideReference(keywordsApply: Bool) -> OpenAPISchema? {
        guard keywordsApply, reference != nil, raw.count > 1 else { return nil }
        var rest = raw
        rest.removeValue(forKey: "$ref")
        return OpenAPISchema(rest, place: place)
    }

    // MARK: Composition

    package var allOf: [OpenAPISchema]? { list("allOf") }
    package var anyOf: [OpenAPISchema]? { list("anyOf") }
    package var oneOf: [OpenAPISchema]? { list("oneOf") }
    /// `oneOf`, else `anyOf`: the alternatives a value takes one of.
    package var alternatives: [OpenAPISchema]? { oneOf ?? anyOf }
    package var not: OpenAPISchema? { child("not") }
    package var discriminator: OpenAPIDiscriminator? {
        guard let object = raw["discriminator"] as? [String: Any], let property = object["propertyName"] as? String else { return nil }
        var mapping: [String: String] = [:]
        for (tag, target) in object["mapping"] as? [String: Any] ?? [:] {
            guard let target = target as? String else { continue }
            mapping[tag] = OpenAPIDiscriminator.isReference(target) ? target : "#/components/schemas/" + target
        }
        return OpenAPIDiscriminator(propertyName: property, mapping: mapping)
    }

    // MARK: Types

    /// The types written (`type: string` → [string]; `type: [string, "null"]` as listed); empty
    /// when none is.
    package var types: [String] {
        if let single = raw["type"] as? String { return [single] }
        return raw["type"] as? [String] ?? []
    }
    /// The types a value may have, with `null` added for 3.0's `nullable: true`; empty when any.
    package var allowedTypes: [String] {
        let written = types
        if !written.isEmpty, nullable, !written.contains("null") { return written + ["null"] }
        return written
    }
    /// 3.0's `nullable: true`.
    package var nullable: Bool { raw["nullable"] as? Bool == true }
    /// Whether `null` fits by what the schema itself says: `nullable: true`, `null` among its
    /// types, or an `enum` that lists it.
    package var allowsNull: Bool {
        nullable || types.contains("null") || enumValues?.contains { $0 is NSNull } == true
    }
    /// The type a value is made as: the first written that is not `null`; else what the keywords
    /// imply (`properties` → object, `items` → array, a bound → number); else `string`.
    package var primaryType: String {
        let written = types
        if !written.isEmpty { return written.first { $0 != "null" } ?? "null" }
        if raw["properties"] != nil || raw["additionalProperties"] != nil || raw["required"] != nil { return "object" }
        if raw["items"] != nil { return "array" }
        if raw["minimum"] != nil || raw["maximum"] != nil || raw["multipleOf"] != nil { return "number" }
        return "string"
    }

    // MARK: Values

    /// `enum`, as written.
    package var enumValues: [Any]? { raw["enum"] as? [Any] }
    /// `const`, as written (nil when absent).
    package var constValue: Any? { raw["const"] }
    package var defaultValue: Any? { raw["default"] }
    package var example: Any? { raw["example"] }
    /// 3.1's `examples` list.
    package var examples: [Any]? { raw["examples"] as? [Any] }
    package var format: String? { raw["format"] as? String }
    package var readOnly: Bool { raw["readOnly"] as? Bool == true }
    package var writeOnly: Bool { raw["writeOnly"] as? Bool == true }
    package var deprecated: Bool { raw["deprecated"] as? Bool == true }
    package var title: String? { raw["title"] as? String }
    package var description: String? { raw["description"] as? String }

    // MARK: Strings

    package var minLength: Int? { integer("minLength") }
    package var maxLength: Int? { integer("maxLength") }
    package var pattern: String? { raw["pattern"] as? String }

    // MARK: Numbers

    /// The inclusive lower bound (`minimum`), unless 3.0's `exclusiveMinimum: true` makes it exclusive.
    package var minimum: Double? { exclusiveFlag("exclusiveMinimum") ? nil : Self.number(raw["minimum"]) }
    package var maximum: Double? { exclusiveFlag("exclusiveMaximum") ? nil : Self.number(raw["maximum"]) }
    /// The exclusive lower bound: 3.1's number, or 3.0's `minimum` with `exclusiveMinimum: true`.
    package var exclusiveMinimum: Double? {
        exclusiveFlag("exclusiveMinimum") ? Self.number(raw["minimum"]) : Self.number(raw["exclusiveMinimum"])
    }
    package var exclusiveMaximum: Double? {
        exclusiveFlag("exclusiveMaximum") ? Self.number(raw["maximum"]) : Self.number(raw["exclusiveMaximum"])
    }
    package var multipleOf: Double? { Self.number(raw["multipleOf"]).flatMap { $0 > 0 ? $0 : nil } }

    // MARK: Arrays

    /// `items`: every item's schema, or (beside 3.1's `prefixItems`) every item's after them.
    package var items: OpenAPISchema? { child("items") }
    /// 3.1's `prefixItems`: the schemas of the first items, in order.
    package var prefixItems: [OpenAPISchema]? { list("prefixItems") }
    /// 3.1's `contains`: a schema some item fits, `minContains` (default 1) to `maxContains` of them.
    package var contains: OpenAPISchema? { child("contains") }
    package var minContains: Int? { integer("minContains") }
    package var maxContains: Int? { integer("maxContains") }
    package var minItems: Int? { integer("minItems") }
    package var maxItems: Int? { integer("maxItems") }
    package var uniqueItems: Bool { raw["uniqueItems"] as? Bool == true }

    // MARK: Objects

    /// `properties`, each a schema (a property written as `true` or `{}` accepts anything).
    package var properties: [String: OpenAPISchema] {
        guard let written = raw["properties"] as? [String: Any] else { return [:] }
        var found: [String: OpenAPISchema] = [:]
        for (name, value) in written {
            if let object = value as? [String: Any] {
                found[name] = below(object, "properties", name)
            } else if value as? Bool == true {
                found[name] = .anything
            }
        }
        return found
    }
    /// 3.1's `patternProperties`: a schema for each property whose name the pattern matches (anywhere in it).
    package var patternProperties: [(pattern: String, schema: OpenAPISchema)] {
        guard let written = raw["patternProperties"] as? [String: Any] else { return [] }
        return written.sorted { $0.key < $1.key }.compactMap { pattern, value in
            subschema(value, "patternProperties", pattern).map { (pattern, $0) }
        }
    }
    /// 3.1's `propertyNames`: a schema every property name fits, as a string.
    package var propertyNames: OpenAPISchema? { child("propertyNames") }
    /// 3.1's `dependentRequired`: when the named property is present, these are required too.
    package var dependentRequired: [String: [String]] { raw["dependentRequired"] as? [String: [String]] ?? [:] }
    /// 3.1's `dependentSchemas`: when the named property is present, the object fits this schema too.
    package var dependentSchemas: [String: OpenAPISchema] {
        guard let written = raw["dependentSchemas"] as? [String: Any] else { return [:] }
        return written.reduce(into: [:]) { found, entry in found[entry.key] = subschema(entry.value, "dependentSchemas", entry.key) }
    }
    /// 3.1's `if`, `then` and `else`: a value that fits `if` must fit `then`, one that does not, `else`.
    package var ifSchema: OpenAPISchema? { child("if") }
    package var thenSchema: OpenAPISchema? { child("then") }
    package var elseSchema: OpenAPISchema? { child("else") }

    /// Whether `properties` is written at all.
    package var declaresProperties: Bool { raw["properties"] != nil }
    package var required: [String] { raw["required"] as? [String] ?? [] }
    package var minProperties: Int? { integer("minProperties") }
    package var maxProperties: Int? { integer("maxProperties") }

    /// What `additionalProperties` says of a property `properties` does not name.
    package enum Additional {
        /// Absent or `true`: anything.
        case allowed
        /// `false`.
        case forbidden
        /// A schema each such value must fit.
        case schema(OpenAPISchema)
    }
    package var additionalProperties: Additional {
        switch raw["additionalProperties"] {
        case let flag as Bool: flag ? .allowed : .forbidden
        case let object as [String: Any]: .schema(below(object, "additionalProperties"))
        default: .allowed
        }
    }

    // MARK: Reading

    /// A bound written as a whole or a decimal number; nil for a flag or text.
    package static func number(_ value: Any?) -> Double? {
        if value is Bool { return nil }
        if let number = value as? Int { return Double(number) }
        return value as? Double
    }

    private func integer(_ key: String) -> Int? {
        guard let value = raw[key] else { return nil }
        if value is Bool { return nil }
        if let whole = value as? Int { return whole }
        return (value as? Double).flatMap { $0.isFinite && $0.rounded() == $0 ? Int($0) : nil }
    }

    /// 3.0's flag form of `exclusiveMinimum`/`exclusiveMaximum`, set.
    private func exclusiveFlag(_ key: String) -> Bool { raw[key] as? Bool == true && !(raw[key] is Int) && !(raw[key] is Double) }

    private func child(_ key: String) -> OpenAPISchema? {
        raw[key].flatMap { subschema($0, key) }
    }

    private func list(_ key: String) -> [OpenAPISchema]? {
        guard let written = raw[key] as? [Any] else { return nil }
        return written.enumerated().compactMap { index, value in subschema(value, key, String(index)) }
    }

    /// A schema written in this one: an object, or 3.1's `true` (anything) or `false` (nothing).
    private func subschema(_ value: Any, _ path: String...) -> OpenAPISchema? {
        if let object = value as? [String: Any] { return OpenAPISchema(object, place: path.reduce(place) { .child($0, $1) }) }
        guard let flag = value as? Bool else { return nil }
        return flag ? .anything : .nothing
    }
}
