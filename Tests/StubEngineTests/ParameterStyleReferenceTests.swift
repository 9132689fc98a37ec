import Foundation
import HTTPTypes
import StubFormats
import StubOpenAPI
import Testing
@testable import StubEngine

/// `validate: requests` reads each parameter as its document serialises it (OpenAPI's `style`
/// and `explode`), checked two ways that share none of the reader's code:
/// - the specification's own "Style Examples" table (OpenAPI 3.1.1 and 3.0.4, which follow RFC
///   6570 where 3.0.3's table did not for `label`);
/// - random values written by an RFC 6570 expander written here, in every style a location
///   allows, through `RequestContract.check` with a schema whose `const` is the value written:
///   the request must pass, and the same request for another value must not.
@Suite struct ParameterStyleReferenceTests {
    // MARK: The specification's table

    static let blue = JSONValue.string("blue")
    static let colours = JSONValue.array([.string("blue"), .string("black"), .string("brown")])
    static let rgb = JSONValue.object(["R": .number(100), "G": .number(200), "B": .number(150)])

    /// style, explode, where it is written (a path segment or a query string), and the table's
    /// text for the string, the array and the object (nil where the table has n/a).
    static let table: [(ParameterStyle.Kind, Bool, String, String?, String?, String?)] = [
        (.matrix, false, "path", ";color=blue", ";color=blue,black,brown", ";color=R,100,G,200,B,150"),
        (.matrix, true, "path", ";color=blue", ";color=blue;color=black;color=brown", ";R=100;G=200;B=150"),
        (.label, false, "path", ".blue", ".blue,black,brown", ".R,100,G,200,B,150"),
        (.label, true, "path", ".blue", ".blue.black.brown", ".R=100.G=200.B=150"),
        (.simple, false, "path", "blue", "blue,black,brown", "R,100,G,200,B,150"),
        (.simple, true, "path", "blue", "blue,black,brown", "R=100,G=200,B=150"),
        (.form, false, "query", "color=blue", "color=blue,black,brown", "color=R,100,G,200,B,150"),
        (.form, true, "query", "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"),
        (.spaceDelimited, false, "query", nil, "color=blue%20black%20brown", "color=R%20100%20G%20200%20B%20150"),
        (.pipeDelimited, false, "query", nil, "color=blue|black|brown", "color=R|100|G|200|B|150"),
        (.deepObject, true, "query", nil, nil, "color[R]=100&color[G]=200&color[B]=150"),
    ]

    static var schemas: [String: Any] { [
        "string": ["type": "string"],
        "array": ["type": "array", "items": ["type": "string"]],
        "object": ["type": "object", "properties": ["R": ["type": "integer"], "G": ["type": "integer"], "B": ["type": "integer"]]],
    ] }

    @Test func theSpecificationsStyleExamplesReadBackAsTheirValues() throws {
        let reader = ParameterReader(validator: JSONSchemaValidator(document: ["openapi": "3.1.0"]))
        for (kind, explode, place, string, array, object) in Self.table {
            let style = ParameterStyle(kind, explode: explode)
            for (written, expected, shape) in [(string, Self.blue, "string"), (array, Self.colours, "array"), (object, Self.rgb, "object")] {
                guard let written else { continue }
                let schema = OpenAPISchema(try #require(Self.schemas[shape] as? [String: Any]))
                let source: ParameterSource = place == "path"
                    ? .text(written.removingPercentEncoding ?? written) : .pairs(QueryString.pairs(written))
                let claimed: Set<String> = []
                #expect(reader.read("color", style: style, schema: schema, from: source, claimed: claimed) == .value(expected),
                        "\(style) \(shape): \(written)")
            }
        }
        // The table's "empty" column: an empty string.
        let text = OpenAPISchema(["type": "string"])
        for (kind, written) in [(ParameterStyle.Kind.matrix, ";color"), (.label, ".")] {
            #expect(reader.read("color", style: .init(kind, explode: false), schema: text, from: .text(written)) == .value(.string("")))
        }
        #expect(reader.read("color", style: .init(.form, explode: true), schema: text, from: .pairs(QueryString.pairs("color="))) == .value(.string("")))
    }

    /// The defaults: `form` with `explode` in the query and cookies, `simple` without it in the
    /// path and headers; a style the location cannot carry falls back to its default.
    @Test func eachLocationHasTheSpecificationsDefault() {
        #expect(ParameterStyle([:], location: "query") == .init(.form, explode: true))
        #expect(ParameterStyle([:], location: "cookie") == .init(.form, explode: true))
        #expect(ParameterStyle([:], location: "path") == .init(.simple, explode: false))
        #expect(ParameterStyle([:], location: "header") == .init(.simple, explode: false))
        #expect(ParameterStyle(["style": "form"], location: "query") == .init(.form, explode: true))
        #expect(ParameterStyle(["style": "form", "explode": false], location: "query") == .init(.form, explode: false))
        #expect(ParameterStyle(["style": "deepObject"], location: "query") == .init(.deepObject, explode: false))
        #expect(ParameterStyle(["style": "label", "explode": true], location: "path") == .init(.label, explode: true))
        #expect(ParameterStyle(["style": "matrix"], location: "query") == .init(.form, explode: true), "matrix is a path style")
        #expect(ParameterStyle(["style": "form"], location: "header") == .init(.simple, explode: false), "form is no header style")
    }

    /// Where a text fits its schema more than one way, the reading is the first that fits, in
    /// the reader's order (a list, an object, a number, a boolean, the text), not the schema's:
    /// `anyOf: [string, integer]` reads `5` as the number. A form body's object schema then
    /// checks the typed value, so the order decides whether `{"n": 5}` meets `n: {type: integer}`.
    @Test func aTextThatFitsSeveralWaysReadsAsTheFirstThatFits() {
        let reader = ParameterReader(validator: JSONSchemaValidator(document: ["openapi": "3.1.0"]))
        let form = ParameterStyle(.form, explode: true)
        let stringOrInteger = OpenAPISchema(["anyOf": [["type": "string"], ["type": "integer"]]])
        #expect(reader.read("n", style: form, schema: stringOrInteger, from: .pairs(QueryString.pairs("n=5"))) == .value(.number(5)))
        #expect(reader.read("n", style: form, schema: stringOrInteger, from: .pairs(QueryString.pairs("n=five"))) == .value(.string("five")))
        let flagOrText = OpenAPISchema(["type": ["string", "boolean"]])
        #expect(reader.read("f", style: form, schema: flagOrText, from: .pairs(QueryString.pairs("f=true"))) == .value(.bool(true)))
        let listOrText = OpenAPISchema(["anyOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]])
        #expect(reader.read("tag", style: form, schema: listOrText, from: .pairs(QueryString.pairs("tag=a"))) == .value(.array([.string("a")])))
        let simple = ParameterStyle(.simple, explode: false)
        #expect(reader.read("id", style: simple, schema: stringOrInteger, from: .text("42")) == .value(.number(42)))
    }

    // MARK: What real documents ask

    static let stripeLike = """
        openapi: 3.0.0
        info: { title: charges, version: '1' }
        paths:
          /v1/charges:
            get:
              parameters:
                - name: created
                  in: query
                  style: deepObject
                  explode: true
                  schema:
                    anyOf:
                      - { type: object, properties: { gte: { type: integer }, lt: { type: integer } } }
                      - { type: integer }
                - { name: expand, in: query, style: deepObject, explode: true, schema: { type: array, items: { type: string } } }
                - { name: limit, in: query, schema: { type: integer, maximum: 100 } }
                - { name: filter, in: query, content: { application/json: { schema: { type: object, required: [q] } } } }
                - { name: session, in: cookie, schema: { type: string, pattern: '^s-[0-9]+$' } }
                - { name: tags, in: cookie, explode: false, schema: { type: array, items: { type: integer } } }
              responses: { '200': { description: ok } }
            post:
              requestBody:
                required: true
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      required: [amount, tags]
                      properties:
                        amount: { type: integer }
                        tags: { type: array, items: { type: integer } }
                        metadata:
                          anyOf:
                            - { type: object, additionalProperties: { type: string } }
                            - { type: string, enum: [''] }
                        address: { type: object, properties: { city: { type: string }, lines: { type: array, items: { type: string } } } }
                        ids: { type: array, items: { type: integer } }
                        options: { type: object, properties: { n: { type: integer } } }
                    encoding:
                      ids: { style: form, explode: false }
                      options: { contentType: application/json }
              responses: { '200': { description: ok } }
        """

    /// Stripe's shapes: `anyOf` of a number and a `deepObject`, `expand[]` lists, a JSON
    /// `content` parameter, cookies, and form bodies with nested brackets, `encoding`, an
    /// `additionalProperties` under `anyOf`, and repeated keys.
    @Test func stripesShapesAndFormBodiesAreReadAsTheirDocumentSays() throws {
        func check(_ method: String, query: String? = nil, cookie: String? = nil, form: String? = nil) throws -> String? {
            var headers: HTTPFields = [:]
            if let cookie { headers[.cookie] = cookie }
            if form != nil { headers[.contentType] = "application/x-www-form-urlencoded" }
            return try RequestContract.refusal(Self.stripeLike, method, "/v1/charges", query: query, headers: headers,
                                               body: form ?? "")?.message
        }
        for query in ["created=5", "created[gte]=5&created[lt]=9", "expand[]=customer&expand[]=invoice", "expand=customer",
                      "expand[0]=a&expand[1]=b", "limit=100", #"filter={"q":"x"}"#, "limit=1e2"] {
            #expect(try check("GET", query: query) == nil, "\(query)")
        }
        for (query, field) in [("created=x", "created"), ("created[gte]=x", "created"), ("limit=0x10", "limit"),
                               ("limit=inf", "limit"), ("limit=%201", "limit"), ("limit=101", "limit"),
                               (#"filter={"p":1}"#, "filter"), ("filter={", "filter")] {
            let problem = try check("GET", query: query)
            #expect(problem?.contains("query parameter \(field)") == true, "\(query): \(problem ?? "passed")")
        }
        #expect(try check("GET", cookie: "session=s-12; tags=1,2") == nil)
        #expect(try check("GET", cookie: "session=s-x")?.contains("cookie parameter session") == true)
        #expect(try check("GET", cookie: "tags=1,x")?.contains("cookie parameter tags") == true)

        #expect(try check("POST", form: "amount=5&metadata[order]=0&metadata[2g]=&address[city]=London&address[lines]=a&address[lines]=b"
                                   + "&ids=1,2&options=%7B%22n%22%3A3%7D&other[deep][x]=1") == nil)
        #expect(try check("POST", form: "amount=5&metadata=") == nil, "metadata's empty-text alternative")
        #expect(try check("POST", form: "amount=5&address=&ids=") == nil, "an empty value is an empty object or list")
        #expect(try check("POST", form: "amount=x")?.contains("body.amount") == true)
        #expect(try check("POST", form: "amount=5&ids=1&ids=x")?.contains("body.ids") == true, "ids is unexploded: 1 then x")
        #expect(try check("POST", form: "amount=5&options=%7B%22n%22%3A%22a%22%7D")?.contains("body.options") == true)
        #expect(try check("POST", form: "amount=5&address[lines][0]=a&address[city][x]=1")?.contains("body.address.city") == true)
        #expect(try check("POST", form: "")?.contains("missing required amount") == true, "an empty form body is {}")
        #expect(try check("POST", form: "amount=5") == nil, "a required list not there is the empty one")
        #expect(try check("POST", form: "amount=5&tags=x")?.contains("body.tags") == true)
        // A property without an `encoding` is `form`, exploded: a list is its name repeated.
        #expect(try check("POST", form: "amount=5&tags=1&tags=2") == nil)
        #expect(try check("POST", form: "amount=5&tags=1,2")?.contains("body.tags") == true, "tags is exploded: 1,2 is one item")
    }

    /// A form whose schema is an `allOf` reads each member's properties in the style its
    /// `encoding` gives them, as it reads the schema's own; a property sent as JSON that does not
    /// parse is named.
    @Test func aFormsAllOfMembersAreReadInTheirEncoding() throws {
        let document = """
            openapi: 3.0.0
            info: { title: transfers, version: '1' }
            paths:
              /v1/transfers:
                post:
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          allOf:
                            - { type: object, required: [amount], properties: { amount: { type: integer } } }
                            - { type: object, properties: { ids: { type: array, items: { type: integer } }, meta: { type: object } } }
                        encoding:
                          ids: { style: form, explode: false }
                          meta: { contentType: application/json }
                  responses: { '200': { description: ok } }
            """
        func check(_ form: String) throws -> String? {
            try RequestContract.refusal(document, "POST", "/v1/transfers", headers: [.contentType: "application/x-www-form-urlencoded"],
                                        body: form)?.message
        }
        #expect(try check("amount=5&ids=1,2&meta=%7B%22a%22%3A1%7D") == nil)
        #expect(try check("amount=5&ids=1,x")?.contains("body.ids") == true)
        #expect(try check("amount=5&meta=%7Bbad")?.contains("body.meta") == true)
        #expect(try check("ids=1")?.contains("amount") == true)
    }

    /// A name the form's schema does not list is a property too, checked against
    /// `additionalProperties`: refused where it is `false`, read as its schema says where it is
    /// one, its `[…]` keys nested into an object under the name before the bracket.
    @Test func aFormsOtherNamesAreItsAdditionalProperties() throws {
        func document(_ additional: String) -> String {
            """
            openapi: 3.0.0
            info: { title: transfers, version: '1' }
            paths:
              /v1/transfers:
                post:
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: { type: object, properties: { amount: { type: integer } }, additionalProperties: \(additional) }
                  responses: { '200': { description: ok } }
            """
        }
        func check(_ additional: String, _ form: String) throws -> String? {
            try RequestContract.refusal(document(additional), "POST", "/v1/transfers",
                                        headers: [.contentType: "application/x-www-form-urlencoded"], body: form)?.message
        }
        #expect(try check("false", "amount=5") == nil)
        let closed = try check("false", "amount=5&note=hi")
        #expect(closed?.contains("unexpected property note") == true, "\(closed ?? "passed")")
        let nested = try check("false", "amount=5&meta[a]=1")
        #expect(nested?.contains("unexpected property meta") == true, "\(nested ?? "passed")")
        #expect(try check("{ type: integer }", "amount=5&count=3") == nil)
        #expect(try check("{ type: integer }", "amount=5&count=x")?.contains("body.count") == true)
        let object = try check("{ type: object, properties: { a: { type: integer } } }", "amount=5&meta[a]=x")
        #expect(object?.contains("body.meta") == true, "meta[a] is meta's a: \(object ?? "passed")")
        #expect(try check("{ type: object, properties: { a: { type: integer } } }", "amount=5&meta[a]=1") == nil)
    }

    /// A list in a header has blanks after its commas (RFC 9110's lists); deepObject's indices
    /// give the order, not the order sent; an exploded `form` object takes the query's other
    /// names, not those of the operation's other parameters.
    @Test func headerListsIndicesAndTheOtherParameters() {
        let reader = ParameterReader(validator: JSONSchemaValidator(document: ["openapi": "3.1.0"]))
        let integers = OpenAPISchema(["type": "array", "items": ["type": "integer"]])
        let strings = OpenAPISchema(["type": "array", "items": ["type": "string"]])
        #expect(reader.read("x", style: .init(.simple, explode: false), schema: integers, from: .text("1, 2,\t3")) == .value(.array([.number(1), .number(2), .number(3)])))
        let sent: [(name: String, value: String)] = [("e[2]", "c"), ("e[0]", "a"), ("e[10]", "d"), ("e[1]", "b")]
        #expect(reader.read("e", style: .init(.deepObject, explode: true), schema: strings, from: .pairs(sent))
                == .value(.array(["a", "b", "c", "d"].map(JSONValue.string))))
        let object = OpenAPISchema(["type": "object", "additionalProperties": ["type": "integer"]])
        let query: [(name: String, value: String)] = [("limit", "x"), ("R", "1"), ("G", "2")]
        #expect(reader.read("rgb", style: .init(.form, explode: true), schema: object, from: .pairs(query), claimed: ["limit"])
                == .value(.object(["R": .number(1), "G": .number(2)])))
        #expect(reader.read("rgb", style: .init(.form, explode: true), schema: object, from: .pairs([("rgb", "")])) == .value(.object([:])),
                "an empty value is the empty object, not a property named rgb")
        // A matrix segment's items of other names are not the parameter's.
        #expect(reader.read("id", style: .init(.matrix, explode: true), schema: integers, from: .text(";id=1;x=2;id=3"))
                == .value(.array([.number(1), .number(3)])))
    }

    /// A path parameter not written in its style is named, and why.
    @Test func aParameterNotWrittenInItsStyleIsNamed() {
        let reader = ParameterReader(validator: JSONSchemaValidator(document: ["openapi": "3.1.0"]))
        let list = OpenAPISchema(["type": "array", "items": ["type": "integer"]])
        let object = OpenAPISchema(["type": "object"])
        #expect(reader.read("id", style: .init(.label, explode: false), schema: list, from: .text("5")) == .malformed("is not written as label style (.value)"))
        #expect(reader.read("id", style: .init(.matrix, explode: false), schema: list, from: .text("5")) == .malformed("is not written as matrix style (;id=value)"))
        #expect(reader.read("id", style: .init(.matrix, explode: false), schema: list, from: .text(";other=5")) == .malformed("is not written as matrix style (;id=value)"))
        #expect(reader.read("id", style: .init(.simple, explode: false), schema: object, from: .text("R,1,G")) == .malformed("is not written as simple style (key,value,…)"))
        #expect(reader.read("id", style: .init(.form, explode: false), schema: object, from: .pairs([("id", "R,1,G")])) == .malformed("is not written as form style (key,value,…)"))
        #expect(reader.read("id", style: .init(.form, explode: true), schema: list, from: .pairs([("other", "1")])) == .absent)
    }

    // MARK: Random values through RFC 6570

    /// A value and its schema, in the shapes parameters take.
    indirect enum Value {
        case string(String), integer(Int), number(Double), boolean(Bool)
        case list([Value])
        case object([(String, Value)])

        var json: JSONValue {
            switch self {
            case .string(let text): .string(text)
            case .integer(let number): .number(Double(number))
            case .number(let number): .number(number)
            case .boolean(let flag): .bool(flag)
            case .list(let items): .array(items.map(\.json))
            case .object(let entries): .object(Dictionary(uniqueKeysWithValues: entries.map { ($0.0, $0.1.json) }))
            }
        }

        var text: String {
            switch self {
            case .string(let text): text
            case .integer(let number): String(number)
            case .number(let number): String(number)
            case .boolean(let flag): String(flag)
            case .list, .object: ""
            }
        }

        var typeName: String {
            switch self {
            case .string: "string"
            case .integer: "integer"
            case .number: "number"
            case .boolean: "boolean"
            case .list: "array"
            case .object: "object"
            }
        }
    }

    /// Text with characters that need percent-encoding, but none of the delimiters any style
    /// uses (`,` `.` `;` `=` `&` `|` `[` `]` and space), which the reader splits at after decoding.
    static let alphabet = Array("abcXYZ019-_~/?#%+é€\"'")

    static func primitive(_ generator: inout SeededGenerator) -> Value {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: .string(String((0..<Int.random(in: 1...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        case 1: .integer(Int.random(in: -5_000...5_000, using: &generator))
        case 2: .number(Double(Int.random(in: -999...999, using: &generator)) / 8)
        default: .boolean(Bool.random(using: &generator))
        }
    }

    static func value(_ shape: Int, _ generator: inout SeededGenerator) -> Value {
        switch shape {
        case 0: return primitive(&generator)
        case 1:
            // A list's items share one type, as `items` gives them.
            let first = primitive(&generator)
            var items = [first]
            while items.count < Int.random(in: 1...4, using: &generator) {
                var next = primitive(&generator)
                while next.typeName != first.typeName { next = primitive(&generator) }
                items.append(next)
            }
            return .list(items)
        default:
            let keys = ["R", "G", "B", "amount", "x-y", "é"].shuffled(using: &generator).prefix(Int.random(in: 1...4, using: &generator))
            return .object(keys.map { ($0, primitive(&generator)) })
        }
    }

    static func schema(of value: Value) -> [String: Any] {
        switch value {
        case .list(let items): ["type": "array", "items": ["type": items[0].typeName]]
        case .object(let entries):
            ["type": "object", "properties": Dictionary(uniqueKeysWithValues: entries.map { ($0.0, ["type": $0.1.typeName]) })]
        default: ["type": value.typeName]
        }
    }

    /// RFC 6570's percent-encoding for a value: everything but its unreserved characters.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? text
    }

    /// `value` written in `style` for the parameter `name`: a path segment or header value, or
    /// query pairs (`a=1&b=2`), as RFC 6570 (and OpenAPI for the three query-only styles) expands it.
    static func written(_ name: String, _ value: Value, _ kind: ParameterStyle.Kind, explode: Bool, header: Bool = false) -> String {
        let e = header ? { $0 } : encoded
        switch (kind, value) {
        case (.simple, .list(let items)): return items.map { e($0.text) }.joined(separator: ",")
        case (.simple, .object(let entries)):
            return explode ? entries.map { "\(e($0.0))=\(e($0.1.text))" }.joined(separator: ",")
                : entries.flatMap { [e($0.0), e($0.1.text)] }.joined(separator: ",")
        case (.simple, _): return e(value.text)
        case (.label, .list(let items)): return "." + items.map { e($0.text) }.joined(separator: explode ? "." : ",")
        case (.label, .object(let entries)):
            return "." + (explode ? entries.map { "\(e($0.0))=\(e($0.1.text))" }.joined(separator: ".")
                          : entries.flatMap { [e($0.0), e($0.1.text)] }.joined(separator: ","))
        case (.label, _): return "." + e(value.text)
        case (.matrix, .list(let items)):
            return explode ? items.map { ";\(name)=\(e($0.text))" }.joined() : ";\(name)=" + items.map { e($0.text) }.joined(separator: ",")
        case (.matrix, .object(let entries)):
            return explode ? entries.map { ";\(e($0.0))=\(e($0.1.text))" }.joined()
                : ";\(name)=" + entries.flatMap { [e($0.0), e($0.1.text)] }.joined(separator: ",")
        case (.matrix, _): return value.text.isEmpty ? ";\(name)" : ";\(name)=\(e(value.text))"
        case (.deepObject, .object(let entries)): return entries.map { "\(name)[\(e($0.0))]=\(e($0.1.text))" }.joined(separator: "&")
        case (.deepObject, .list(let items)): return items.map { "\(name)[]=\(e($0.text))" }.joined(separator: "&")
        case (_, .list(let items)):
            if explode { return items.map { "\(name)=\(e($0.text))" }.joined(separator: "&") }
            let delimiter = kind == .spaceDelimited ? "%20" : kind == .pipeDelimited ? "|" : ","
            return "\(name)=" + items.map { e($0.text) }.joined(separator: delimiter)
        case (_, .object(let entries)):
            if explode { return entries.map { "\(e($0.0))=\(e($0.1.text))" }.joined(separator: "&") }
            let delimiter = kind == .spaceDelimited ? "%20" : kind == .pipeDelimited ? "|" : ","
            return "\(name)=" + entries.flatMap { [e($0.0), e($0.1.text)] }.joined(separator: delimiter)
        default: return "\(name)=\(e(value.text))"
        }
    }

    /// The styles each location allows, and the shapes each style writes.
    static let styles: [(place: String, kind: ParameterStyle.Kind, shapes: [Int])] = [
        ("path", .simple, [0, 1, 2]), ("path", .label, [0, 1, 2]), ("path", .matrix, [0, 1, 2]),
        ("header", .simple, [0, 1, 2]),
        ("query", .form, [0, 1, 2]), ("query", .spaceDelimited, [1, 2]), ("query", .pipeDelimited, [1, 2]),
        ("query", .deepObject, [1, 2]),
        ("cookie", .form, [0, 1]),
    ]

    @Test(arguments: 0..<6) func everyStyleReadsBackWhatRFC6570Writes(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 4_400 + seed)
        for _ in 0..<120 {
            let (place, kind, shapes) = Self.styles.randomElement(using: &generator)!
            let shape = shapes.randomElement(using: &generator)!
            // An exploded list in a cookie would repeat the cookie; deepObject is always exploded.
            let explode = kind == .deepObject || place != "cookie" && Bool.random(using: &generator)
            let value = Self.value(shape, &generator)
            var other = Self.value(shape, &generator)
            if case .object(let entries) = value, case .object = other {
                // The same keys, so that only the values differ.
                other = .object(entries.map { ($0.0, Self.primitive(&generator)) })
            }
            // A label's exploded items are split at dots, which RFC 6570 leaves unencoded.
            if kind == .label, explode, Self.texts(of: value).contains(where: { $0.contains(".") }) { continue }
            let written = Self.written("p", value, kind, explode: explode, header: place == "header")
            var schema = Self.schema(of: value)
            let contract = Self.contract(place: place, kind: kind, explode: explode, schema: schema, const: value.json)
            let request = Self.request(place: place, written: written)
            #expect(Self.problems(contract, request) == nil, "\(place) \(kind) explode \(explode): \(written)")

            // The reader itself gives the value, not only something the schema accepts.
            let reader = ParameterReader(validator: JSONSchemaValidator(document: ["openapi": "3.1.0"]))
            schema["const"] = nil
            let source: ParameterSource = switch place {
            case "path", "header": .text(place == "path" ? written.removingPercentEncoding ?? written : written)
            case "cookie": .pairs([("p", String(written.dropFirst(2)).removingPercentEncoding ?? "")])
            default: .pairs(QueryString.pairs(written))
            }
            let style = ParameterStyle(kind, explode: explode)
            let read = reader.read("p", style: style, schema: OpenAPISchema(schema), from: source, claimed: [])
            #expect(read == .value(value.json), "\(place) \(kind) explode \(explode): \(written)")

            if other.json != value.json, NSDictionary(dictionary: Self.schema(of: other)).isEqual(to: Self.schema(of: value)) {
                let wrong = Self.request(place: place, written: Self.written("p", other, kind, explode: explode, header: place == "header"))
                #expect(Self.problems(contract, wrong) != nil, "\(place) \(kind): \(other) read as \(value)")
            }
        }
    }

    static func texts(of value: Value) -> [String] {
        switch value {
        case .list(let items): items.map(\.text)
        case .object(let entries): entries.map(\.1.text)
        default: [value.text]
        }
    }

    // MARK: Requests

    static func contract(place: String, kind: ParameterStyle.Kind, explode: Bool, schema: [String: Any], const: JSONValue) -> RequestContract {
        var schema = schema
        schema["const"] = Self.plain(const)
        let parameter: [String: Any] = ["name": "p", "in": place, "required": true, "style": kind.rawValue, "explode": explode, "schema": schema]
        // Beside a parameter elsewhere, the route's path parameter (also `p`) accepts anything.
        let path: [String: Any] = ["name": "p", "in": "path", "schema": [String: Any]()]
        let operation: [String: Any] = ["parameters": place == "path" ? [parameter] : [parameter, path],
                                        "responses": ["200": ["description": "ok"]]]
        let root: [String: Any] = ["openapi": "3.1.0", "paths": ["/items/{p}": ["get": operation]]]
        return RequestContract(document: OpenAPISource(root: root, name: "styles", problems: []))
    }

    static func plain(_ value: JSONValue) -> Any {
        switch value {
        case .string(let text): text
        case .number(let number): number
        case .bool(let flag): flag
        case .array(let items): items.map(plain)
        case .object(let entries): entries.mapValues(plain)
        case .null: NSNull()
        }
    }

    static func request(place: String, written: String) -> StubRequest {
        var headers: HTTPFields = [:]
        var rawQuery: String?
        var segment = "x"
        switch place {
        case "path": segment = written
        case "header": headers[HTTPField.Name("p")!] = written
        case "cookie": headers[.cookie] = written
        default: rawQuery = written
        }
        let path = "/items/" + segment
        return StubRequest(method: "GET", path: path, pathSegments: RoutePattern.segments(of: path),
                           query: QueryString.parse(rawQuery), headers: headers, body: [], session: "default",
                           requestId: "r", rawQuery: rawQuery)
    }

    /// The refusal's message, or nil; the path parameter is read from the request's path by the
    /// document's `/items/{p}`, as a route file's request is.
    static func problems(_ contract: RequestContract, _ request: StubRequest) -> String? {
        contract.refusal(of: request)?.message
    }
}
