import Foundation
import StubRuntime
import StubEngine

/// WireMock's response templates (Handlebars, `"transformers": ["response-template"]`) written
/// as route-file Mustache. What converts:
///
/// | WireMock | route file |
/// |---|---|
/// | `request.path.NAME` (with `urlPathTemplate`) | `{{path.NAME}}` |
/// | `request.path.[N]`, `request.pathSegments.[N]` | the literal segment, or `{{path.NAME}}` where the segment is a parameter |
/// | `request.path`, `request.url`, `request.method` | `{{request.path}}`, `{{request.url}}`, `{{request.method}}` |
/// | `request.query.NAME`, `request.headers.NAME` (and `.[0]`) | `{{query.NAME}}`, `{{headers.name}}` |
/// | `jsonPath request.body '$.a.b'` | `{{body.a.b}}` (dotted paths only) |
/// | `randomValue type='UUID'` | `{{uuid}}` |
/// | `randomValue length=N type='ALPHANUMERIC'` (`ALPHABETIC`, `NUMERIC`, `HEXADECIMAL`, `uppercase=true`) | `{{#random}}alphanumeric N{{/random}}` |
/// | `upper`, `lower`, `capitalize`, `capitalizeFirst`, `trim`, `urlEncode`, `base64` of one value | `{{#upper}}…{{/upper}}` |
/// | `now`, with `offset='3 days'` and `format='yyyy-MM-dd'`, `'epoch'` or `'unix'` | `{{now}}`, `{{#now}}+3d yyyy-MM-dd{{/now}}` |
///
/// | `{{#each (range 1 3)}}…{{this}}…{{#unless @last}},{{/unless}}{{/each}}`, `(array 'a' 'b')` | unrolled when written: the block once per item |
///
/// Anything else (other block helpers such as `#if`, `#each` over the request's values, other
/// helpers, nested calls, symbols in random values, months and years as offsets) has no
/// equivalent and is reported by name.
struct WireMockTemplate {
    /// The converted route's path (`/cards/{cardId}`, `/templated`), for `request.path.…`.
    let path: String

    /// `text` with each `{{…}}` converted, and the expressions that have no equivalent: why,
    /// and the `{{…}}` as written.
    func convert(_ text: String) -> (text: String, unsupported: [(reason: String, written: String)]) {
        var out = ""
        let unrolled = Self.unrollEach(text)
        var unsupported = unrolled.unsupported
        var rest = unrolled.text[...]
        while let open = rest.range(of: "{{") {
            out += rest[..<open.lowerBound]
            let triple = rest[open.upperBound...].hasPrefix("{")
            let start = triple ? rest.index(after: open.upperBound) : open.upperBound
            guard let close = rest[start...].range(of: triple ? "}}}" : "}}") else {
                unsupported.append(("an unclosed {{", String(rest[open.lowerBound...].prefix(40))))
                return (out + rest[open.lowerBound...], unsupported)
            }
            let expression = rest[start..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            switch convert(expression: expression) {
            case .success(let converted): out += converted
            case .failure(let problem): unsupported.append((problem.text, String(rest[open.lowerBound..<close.upperBound])))
            }
            rest = rest[close.upperBound...]
        }
        return (out + rest, unsupported)
    }

    struct Problem: Error { let text: String }

    /// The most items one `{{#each}}` is unrolled into.
    static let eachLimit = 1_000

    /// `{{#each (range A B)}}…{{/each}}` and `{{#each (array 'a' 'b' 3)}}…{{/each}}` with literal
    /// arguments, unrolled as WireMock renders them (`range` counts from A to B, both included):
    /// the block once per item, with `{{this}}` (or `{{.}}`) the item, `{{@index}}` its place from 0,
    /// and `{{#if @first}}`, `{{#if @last}}`, `{{#unless @first}}`, `{{#unless @last}}` (each with
    /// an optional `{{else}}`) decided. A block inside a block is unrolled first. An `#each` over
    /// anything else (the request's values) stays, and is reported as a block helper.
    static func unrollEach(_ text: String) -> (text: String, unsupported: [(reason: String, written: String)]) {
        guard text.contains("{{#each") else { return (text, []) }
        let opening = #/\{\{#each\s+\((range|array)((?:\s+(?:'[^']*'|"[^"]*"|-?[0-9]+))*)\s*\)\s*\}\}/#
        var out = ""
        var unsupported: [(reason: String, written: String)] = []
        var rest = text[...]
        while let found = rest.firstMatch(of: opening) {
            out += rest[..<found.range.lowerBound]
            guard let (body, end) = Self.block(after: found.range.upperBound, in: rest) else {
                unsupported.append(("a {{#each}} without its {{/each}}", String(rest[found.range])))
                return (out + rest[found.range.lowerBound...], unsupported)
            }
            let arguments = Self.tokens(String(found.output.2)).map(Self.unquoted)
            let items: [String]
            if found.output.1 == "range" {
                guard arguments.count == 2, let low = Int(arguments[0]), let high = Int(arguments[1]), high - low < eachLimit else {
                    unsupported.append(("(range …) needs two whole numbers, at most \(eachLimit) apart", String(rest[found.range])))
                    rest = rest[end...]
                    continue
                }
                items = low <= high ? (low...high).map(String.init) : []
            } else {
                items = Array(arguments.prefix(eachLimit))
            }
            let inner = unrollEach(String(body))
            unsupported += inner.unsupported
            for (index, item) in items.enumerated() {
                out += Self.instance(inner.text, item: item, index: index, count: items.count)
            }
            rest = rest[end...]
        }
        return (out + rest, unsupported)
    }

    /// The block from `start` to its `{{/each}}` (blocks inside it counted), and where the
    /// closing tag ends.
    private static func block(after start: Substring.Index, in text: Substring) -> (Substring, Substring.Index)? {
        var depth = 1
        var at = start
        while let tag = text[at...].firstMatch(of: #/\{\{\s*(#each\b|/each\s*\}\})/#) {
            if tag.output.1.hasPrefix("#") {
                depth += 1
                at = tag.range.upperBound
                continue
            }
            depth -= 1
            if depth == 0 { return (text[start..<tag.range.lowerBound], tag.range.upperBound) }
            at = tag.range.upperBound
        }
        return nil
    }

    /// One item's copy of a block.
    private static func instance(_ body: String, item: String, index: Int, count: Int) -> String {
        let first = index == 0, last = index == count - 1
        var text = body
        // {{#if @first}}YES{{else}}NO{{/if}}: the branches hold no other {{/if}} or {{/unless}}.
        let conditional = #/
            \{\{\#(if|unless) \s+ @(first|last) \s* \}\}
            ((?: (?!\{\{/(?:if|unless)\}\}) . )*?)
            (?: \{\{else\}\} ((?: (?!\{\{/(?:if|unless)\}\}) . )*?) )?
            \{\{/(if|unless)\}\}
            /#.dotMatchesNewlines()
        text = text.replacing(conditional) { match in
            let holds = (match.output.2 == "first" ? first : last) == (match.output.1 == "if")
            return holds ? match.output.3 : (match.output.4 ?? "")
        }
        return text.replacing(#/\{\{\s*(?:this|\.)\s*\}\}/#, with: item)
            .replacing(#/\{\{\s*@index\s*\}\}/#, with: String(index))
    }

    private func convert(expression: String) -> Result<String, Problem> {
        if let first = expression.first, "#/^!>".contains(first) || expression == "else" {
            let name = expression.split(separator: " ").first.map(String.init) ?? expression
            return .failure(Problem(text: "the block helper {{\(name)}}"))
        }
        let tokens = Self.tokens(expression)
        guard let head = tokens.first else { return .failure(Problem(text: "an empty {{}}")) }
        let arguments = Self.arguments(tokens.dropFirst())
        switch head {
        case "now": return now(arguments)
        case "randomValue": return randomValue(arguments)
        case "random":
            // WireMock's Faker extension: {{random 'Name.first_name'}}.
            guard tokens.count == 2, let kind = Self.fakerKinds[Self.unquoted(tokens[1]).lowercased().replacingOccurrences(of: "_", with: "")]
            else {
                return .failure(Problem(text: "the Faker expression in {{\(expression)}} (these convert: "
                                        + Self.fakerKinds.keys.sorted().joined(separator: ", ") + ")"))
            }
            return .success("{{#fake}}\(kind){{/fake}}")
        case _ where Self.helpers.contains(head):
            guard tokens.count == 2 else { return .failure(Problem(text: "the helper \(head) in {{\(expression)}} (one argument converts)")) }
            let argument = tokens[1]
            if argument.first == "'" || argument.first == "\"" { return .success("{{#\(head)}}\(Self.unquoted(argument)){{/\(head)}}") }
            return value(argument).map { "{{#\(head)}}\($0){{/\(head)}}" }
        case "jsonPath":
            guard tokens.count >= 3, tokens[1] == "request.body", let path = Self.dotted(Self.unquoted(tokens[2])) else {
                return .failure(Problem(text: "{{\(expression)}} (jsonPath converts only for request.body with a dotted path such as '$.a.b')"))
            }
            return .success("{{body.\(path)}}")
        default:
            guard tokens.count == 1 else { return .failure(Problem(text: "the helper \(head) in {{\(expression)}}")) }
            return value(head)
        }
    }

    /// A plain value: `request.…` or `now`.
    private func value(_ name: String) -> Result<String, Problem> {
        var parts = name.split(separator: ".").map(String.init)
        if parts.last == "[0]", parts.count > 3 { parts.removeLast() }
        switch (parts.first, parts.count) {
        case ("request", 2) where ["path", "url", "method"].contains(parts[1]):
            return .success("{{request.\(parts[1])}}")
        case ("request", 3) where parts[1] == "query":
            return .success("{{query.\(parts[2])}}")
        case ("request", 3) where parts[1] == "headers":
            return .success("{{headers.\(parts[2].lowercased())}}")
        case ("request", 3) where parts[1] == "path" || parts[1] == "pathSegments":
            return pathValue(parts[2], expression: name)
        default:
            return .failure(Problem(text: "{{\(name)}}"))
        }
    }

    /// `request.path.NAME` or `request.path.[N]`.
    private func pathValue(_ key: String, expression: String) -> Result<String, Problem> {
        let segments = path.split(separator: "/").map(String.init)
        if key.hasPrefix("["), key.hasSuffix("]"), let index = Int(key.dropFirst().dropLast()) {
            guard segments.indices.contains(index) else {
                return .failure(Problem(text: "{{\(expression)}} (the path \(path) has \(segments.count) segments)"))
            }
            let segment = segments[index]
            if segment.hasPrefix("{"), segment.hasSuffix("}") { return .success("{{path.\(segment.dropFirst().dropLast())}}") }
            if segment.contains("*") { return .failure(Problem(text: "{{\(expression)}} (segment \(index) of \(path) is a wildcard)")) }
            return .success(segment)
        }
        guard segments.contains("{\(key)}") else {
            return .failure(Problem(text: "{{\(expression)}} (the path \(path) has no {\(key)})"))
        }
        return .success("{{path.\(key)}}")
    }

    /// `now offset='3 days' format='yyyy-MM-dd'`.
    private func now(_ arguments: [String: String]) -> Result<String, Problem> {
        var spec: [String] = []
        if let offset = arguments["offset"] {
            let parts = offset.split(separator: " ")
            let scales: [String: (unit: String, factor: Double)] = ["second": ("s", 1), "minute": ("m", 1), "hour": ("h", 1),
                                                                    "day": ("d", 1), "week": ("d", 7)]
            let word = parts.count == 2 ? parts[1].lowercased() : ""
            guard parts.count == 2, let amount = Double(parts[0]), let scale = scales[word.hasSuffix("s") ? String(word.dropLast()) : word] else {
                return .failure(Problem(text: "now offset='\(offset)' (seconds, minutes, hours, days and weeks convert; months and years do not)"))
            }
            let value = amount * scale.factor
            let number = value == value.rounded() ? String(Int(value)) : String(value)
            spec.append((value < 0 ? "" : "+") + number + scale.unit)
        }
        if let format = arguments["format"] {
            switch format {
            case "epoch": spec.append("epochMillis")
            case "unix": spec.append("epoch")
            default: spec.append(format)
            }
        }
        for name in arguments.keys.sorted() where !["offset", "format"].contains(name) {
            return .failure(Problem(text: "now \(name)=… (offset and format convert; the date is always UTC)"))
        }
        return .success(spec.isEmpty ? "{{now}}" : "{{#now}}\(spec.joined(separator: " ")){{/now}}")
    }

    /// Faker expressions (lower-cased, without `_`) and the route-file fake kind each becomes.
    static let fakerKinds: [String: String] = [
        "name.firstname": "firstName", "name.lastname": "lastName", "name.fullname": "name", "name.name": "name",
        "name.username": "username", "internet.emailaddress": "email", "internet.safeemailaddress": "email",
        "phonenumber.phonenumber": "phone", "phonenumber.cellphone": "phone", "address.country": "country",
        "address.countrycode": "countryCode", "address.city": "city", "address.cityname": "city", "address.streetname": "street",
        "address.streetaddress": "streetAddress", "address.zipcode": "postcode", "address.postcode": "postcode",
        "company.name": "company", "finance.iban": "iban", "finance.bic": "bic", "lorem.word": "word",
    ]

    /// WireMock's string helpers that route files have, by the same name.
    static let helpers = StringHelpers.names

    /// `randomValue length=8 type='ALPHANUMERIC' uppercase=true`, `randomValue type='UUID'`.
    private func randomValue(_ arguments: [String: String]) -> Result<String, Problem> {
        let type = arguments["type"]?.uppercased() ?? "ALPHANUMERIC"
        if type == "UUID" { return .success("{{uuid}}") }
        let kinds = ["ALPHANUMERIC": "alphanumeric", "ALPHABETIC": "alphabetic", "NUMERIC": "numeric", "HEXADECIMAL": "hex"]
        guard let kind = kinds[type], let length = arguments["length"].flatMap(Int.init), (1...1024).contains(length) else {
            return .failure(Problem(text: "randomValue type='\(type)' "
                                    + "(UUID, and ALPHANUMERIC, ALPHABETIC, NUMERIC or HEXADECIMAL with a length, convert)"))
        }
        let draw = "{{#random}}\(kind) \(length){{/random}}"
        return .success(arguments["uppercase"] == "true" ? "{{#upper}}\(draw){{/upper}}" : draw)
    }

    /// Splits on spaces outside quotes.
    static func tokens(_ expression: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quote: Character?
        for character in expression {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
                current.append(character)
            } else if character == " " {
                if !current.isEmpty { tokens.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    private static func arguments(_ tokens: ArraySlice<String>) -> [String: String] {
        var result: [String: String] = [:]
        for token in tokens {
            let pair = token.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { result[pair[0]] = unquoted(pair[1]) } else { result[token] = "" }
        }
        return result
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first else { return text }
        return String(text.dropFirst().dropLast())
    }

    /// `$.a.b` as `a.b`; nil for anything with brackets, wildcards, filters or recursive descent
    /// (`$..a`, `$.a..b`), and for an empty name (`$.a.`).
    private static func dotted(_ path: String) -> String? {
        guard path.hasPrefix("$."), path.count > 2 else { return nil }
        let names = path.dropFirst(2).split(separator: ".", omittingEmptySubsequences: false)
        guard names.allSatisfy({ name in !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } }) else {
            return nil
        }
        return names.joined(separator: ".")
    }
}
