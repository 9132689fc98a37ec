import Foundation
import Testing
import StubFormats
@testable import StubOpenAPI

/// The typed model: each rule of the format read in one place, for every reader.
@Suite struct OpenAPIModelTests {
    private func load(_ text: String) throws -> OpenAPISource {
        try OpenAPISource.load("api.yaml") { $0 == "api.yaml" ? Data(text.utf8) : nil }
    }

    private let document = """
        openapi: 3.0.3
        info: {title: t, version: "1"}
        servers: [{url: "https://{region}.bank.example/{version}/", variables: {region: {default: eu}, version: {default: v4}}}]
        security: [{oauth: [read]}]
        paths:
          /accounts/{id}:
            parameters:
              - {name: id, in: path, schema: {type: string}}
              - {name: limit, in: query, schema: {type: integer}}
              - $ref: "#/components/parameters/Trace"
            get:
              operationId: getAccount
              parameters:
                - {name: limit, in: query, required: true, schema: {type: integer, maximum: 50}}
              responses:
                "200": {$ref: "#/components/responses/Account"}
                4XX: {description: client error}
                default: {description: other}
            post:
              security: []
              requestBody:
                content:
                  application/*: {schema: {type: object}}
              responses:
                "201": {description: made}
            x-note: not an operation
        components:
          parameters:
            Trace: {name: X-Trace, in: header, schema: {type: string}}
          responses:
            Account:
              description: one account
              headers:
                X-Rate: {required: true, schema: {type: integer}}
                ETag: {$ref: "#/components/headers/ETag"}
              content:
                application/json: {schema: {$ref: "#/components/schemas/Account"}}
          headers:
            ETag: {schema: {type: string}}
          schemas:
            Account: {$ref: "#/components/schemas/Base"}
            Base: {type: object, properties: {id: {type: string}}}
        """

    @Test func operationsAreEveryMethodUnderEveryPathAndNothingElse() throws {
        let source = try load(document)
        #expect(source.operations.map(\.name) == ["GET /accounts/{id}", "POST /accounts/{id}"])
        let get = try #require(source.operations.first)
        #expect(get.operationID == "getAccount")
        #expect(get.pointer == "#/paths/~1accounts~1{id}/get")
    }

    /// All eight methods a path item can hold are operations, `options`, `head` and `trace`
    /// included, listed in StubBank's order; other keys (`summary`, `parameters`) are not.
    @Test func everyMethodAPathItemCanHoldIsAnOperation() throws {
        let methods = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]
        let item = methods.reversed().map { "    \($0): {responses: {\"200\": {description: ok}}}" }.joined(separator: "\n")
        let source = try load("""
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /ping:
                summary: reachability
                parameters: []
            \(item)
            """)
        #expect(source.operations.map(\.method) == methods, "\(source.operations.map(\.method))")
    }

    /// A path item may be a `$ref` (3.1's `components.pathItems`, or another file): its operations
    /// are the referenced item's, under the path that refers to it.
    @Test func aPathItemsReferenceIsFollowed() throws {
        let source = try load("""
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /health: {$ref: "#/components/pathItems/Health"}
            components:
              pathItems:
                Health:
                  get: {operationId: health, responses: {"200": {description: ok}}}
            """)
        #expect(source.operations.map(\.name) == ["GET /health"])
        #expect(source.operations.first?.operationID == "health")
    }

    @Test func anOperationsOwnParameterReplacesThePathItemsAndReferencesAreFollowed() throws {
        let get = try #require(try load(document).operations.first)
        let parameters = get.parameters
        #expect(parameters.map { "\($0.location):\($0.name)" } == ["path:id", "header:X-Trace", "query:limit"])
        let limit = try #require(parameters.last)
        #expect(limit.required && limit.schema?.maximum == 50, "the operation's own, not the path item's")
        #expect(parameters[0].required, "a path parameter is always required")
        #expect(parameters[1].pointer == "#/components/parameters/Trace")
    }

    /// A parameter is known by its name and its place together: an operation's `id` in the query
    /// sits beside the path item's `id` in the path, and replaces neither the path's nor a header's.
    @Test func aParameterOfTheSameNameInAnotherPlaceIsAnotherParameter() throws {
        let get = try #require(try load("""
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /items/{id}:
                parameters:
                  - {name: id, in: path, required: true, schema: {type: string}}
                  - {name: id, in: header, schema: {type: string}}
                get:
                  parameters:
                    - {name: id, in: query, schema: {type: integer}}
                    - {name: id, in: header, required: true, schema: {type: string, maxLength: 8}}
                  responses: {"200": {description: ok}}
            """).operations.first)
        #expect(get.parameters.map { "\($0.location):\($0.name)" } == ["path:id", "query:id", "header:id"])
        #expect(get.parameters.last?.required == true && get.parameters.last?.schema?.maxLength == 8, "the operation's header")
    }

    @Test func aStatusIsDocumentedByItselfItsRangeOrDefault() throws {
        let get = try #require(try load(document).operations.first)
        #expect(get.documentingCode(for: 200) == "200")
        #expect(get.documentingCode(for: 404) == "4XX")
        #expect(get.documentingCode(for: 503) == "default")
        // A range may be written in lower case; it still documents its statuses, under its own spelling.
        let lower = try #require(try load(document.replacingOccurrences(of: "4XX:", with: "4xx:")).operations.first)
        #expect(lower.documentingCode(for: 422) == "4xx")
        #expect(lower.documentingCode(for: 302) == "default")
        let response = try #require(get.response("200"))
        #expect(response.pointer == "#/components/responses/Account")
        #expect(response.content.map(\.type) == ["application/json"])
    }

    @Test func responseHeadersAreSortedWithReferencesFollowed() throws {
        let source = try load(document)
        let response = try #require(source.operations.first?.response("200"))
        let headers = response.headers(in: source)
        #expect(headers.map(\.name) == ["ETag", "X-Rate"])
        #expect(headers[0].schema?.types == ["string"] && headers[1].required)
        // Each is found where it is written, under its own name: compat compares schemas by these
        // pointers, so two headers of one response must never share one.
        #expect(headers.map(\.pointer) == ["#/components/headers/ETag", "#/components/responses/Account/headers/X-Rate"])
    }

    @Test func securityIsTheOperationsOwnElseTheDocuments() throws {
        let operations = try load(document).operations
        #expect(operations[0].security == [["oauth": ["read"]]])
        #expect(operations[1].security.isEmpty, "security: [] opens the operation")
    }

    @Test func aRequestBodyMediaRangeCoversTheTypesUnderIt() throws {
        let body = try #require(try load(document).operations[1].requestBody)
        #expect(body.media(for: "application/json")?.type == "application/*")
        #expect(body.media(for: "text/plain") == nil)
    }

    @Test func theBasePathTakesServerVariablesAtTheirDefaults() throws {
        #expect(try load(document).serverBasePath == "/v4")
        let relative = document.replacingOccurrences(of: "https://{region}.bank.example/{version}/", with: "v2/api")
        #expect(try load(relative).serverBasePath == "/v2/api")
        // A server with no path is served at the root: its host is no part of the path.
        for url in ["https://api.bank.example", "https://api.bank.example/", "http://localhost:8080", "https://api.bank.example?region=eu"] {
            let bare = document.replacingOccurrences(of: "https://{region}.bank.example/{version}/", with: url)
            #expect(try load(bare).serverBasePath == "", "\(url)")
        }
        // Of several servers (production, then a sandbox), the first is the document's base path.
        let two = document.replacingOccurrences(of: #"[{url: "https://{region}.bank.example/{version}/","#,
                                                with: #"[{url: /open-banking/v4.0}, {url: "https://sandbox.bank.example/sandbox/v4.0","#)
        #expect(try load(two).serverBasePath == "/open-banking/v4.0")
    }

    @Test func aReferenceChainIsFollowedToItsEndAndACycleOrAGapIsNil() throws {
        let source = try load(document)
        let resolved = try #require(source.resolved(OpenAPISchema(["$ref": "#/components/schemas/Account"])))
        #expect(resolved.pointer == "#/components/schemas/Base" && resolved.primaryType == "object")
        #expect(source.resolved(OpenAPISchema(["$ref": "#/components/schemas/Nothing"])) == nil)
        let loop = try load("""
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths: {}
            components: {schemas: {A: {$ref: "#/components/schemas/B"}, B: {$ref: "#/components/schemas/A"}}}
            """)
        #expect(loop.resolved(OpenAPISchema(["$ref": "#/components/schemas/A"])) == nil)
        // A long chain is followed to its end, up to 32 hops; past that it is taken for a cycle.
        func chain(_ length: Int) throws -> OpenAPISource {
            let links = (1..<length).map { "S\($0): {$ref: \"#/components/schemas/S\($0 + 1)\"}" }
            return try load("openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\npaths: {}\ncomponents:\n  schemas:\n"
                + (links + ["S\(length): {type: string}"]).map { "    " + $0 }.joined(separator: "\n"))
        }
        #expect(try chain(32).resolved(OpenAPISchema(["$ref": "#/components/schemas/S1"]))?.primaryType == "string")
        #expect(try chain(33).resolved(OpenAPISchema(["$ref": "#/components/schemas/S1"])) == nil)
    }

    /// 3.0 and 3.1 say the same things in different words; the model reads them as one.
    @Test func theVersionsWordsForTheSameSchemaReadTheSame() {
        let old = OpenAPISchema(["type": "integer", "nullable": true, "minimum": 0, "exclusiveMinimum": true, "maximum": 10])
        let new = OpenAPISchema(["type": ["integer", "null"], "exclusiveMinimum": 0, "maximum": 10.0])
        for schema in [old, new] {
            #expect(Set(schema.allowedTypes) == ["integer", "null"] && schema.allowsNull)
            #expect(schema.minimum == nil && schema.exclusiveMinimum == 0 && schema.maximum == 10 && schema.exclusiveMaximum == nil)
            #expect(schema.primaryType == "integer")
        }
        // Without a type, the keywords say what a value is made as.
        for (raw, type) in [(["properties": ["a": [:] as [String: Any]]] as [String: Any], "object"), (["required": ["a"]], "object"),
                            (["additionalProperties": false], "object"), (["items": ["type": "string"]], "array"),
                            (["minimum": 1], "number"), (["multipleOf": 5], "number"), (["maxLength": 3], "string"), ([:], "string"),
                            (["type": ["null", "boolean"]], "boolean")] {
            #expect(OpenAPISchema(raw).primaryType == type, "\(raw)")
        }
        let flagOff = OpenAPISchema(["minimum": 3, "exclusiveMinimum": false])
        #expect(flagOff.minimum == 3 && flagOff.exclusiveMinimum == nil)
    }

    /// `readOnly` and `writeOnly` are flags that are false unless written `true` (a string
    /// "true" is no flag): what the compatibility check reads to tell a field the app only
    /// receives from one it sends.
    @Test func readOnlyAndWriteOnlyAreTrueOnlyWhenWrittenSo() {
        #expect(OpenAPISchema(["type": "string", "readOnly": true]).readOnly)
        #expect(!OpenAPISchema(["type": "string"]).readOnly)
        #expect(!OpenAPISchema(["type": "string", "readOnly": false]).readOnly)
        #expect(!OpenAPISchema(["type": "string", "readOnly": "true"]).readOnly)
        #expect(OpenAPISchema(["type": "string", "writeOnly": true]).writeOnly)
        #expect(!OpenAPISchema(["type": "string", "readOnly": true]).writeOnly)
    }

    /// A parameter given as JSON `content` and sent twice is read from its first value, as a
    /// repeated parameter of one value is everywhere else (`ParameterReader`); absent when not sent.
    @Test func aJSONContentParameterSentTwiceIsReadFromItsFirst() {
        let reader = ParameterReader(validator: JSONSchemaValidator(document: ["openapi": "3.1.0"]))
        let style = ParameterStyle(.form, explode: true)
        let sent: [(name: String, value: String)] = [("other", "1"), ("filter", #"{"status":"booked"}"#), ("filter", "not json")]
        #expect(reader.read("filter", style: style, schema: nil, json: true, from: .pairs(sent))
                == .value(.object(["status": .string("booked")])))
        #expect(reader.read("filter", style: style, schema: nil, json: true, from: .pairs([("filter", "{")])) == .malformed("is not JSON"))
        #expect(reader.read("filter", style: style, schema: nil, json: true, from: .pairs([("other", "1")])) == .absent)
    }

    /// `ids[0]` to `ids[10]`: every key written in digits, 9 as much as 0, is a list's index,
    /// and the items come in the index's order, not the order sent.
    @Test func everyDigitKeyIsAListIndexInItsOrder() {
        let reader = ParameterReader(validator: JSONSchemaValidator(document: ["openapi": "3.1.0"]))
        let schema = OpenAPISchema(["type": "array", "items": ["type": "string"]])
        let sent = (0...10).reversed().map { (name: "ids[\($0)]", value: "v\($0)") }
        #expect(reader.read("ids", style: ParameterStyle(.deepObject, explode: true), schema: schema, from: .pairs(sent))
                == .value(.array((0...10).map { .string("v\($0)") })))
        #expect(ParameterReader.isIndex("9") && ParameterReader.isIndex("0") && ParameterReader.isIndex("19") && ParameterReader.isIndex(""))
        #expect(!ParameterReader.isIndex("9a") && !ParameterReader.isIndex("-1") && !ParameterReader.isIndex(":"))
    }

    @Test func additionalPropertiesIsAFlagOrASchema() {
        if case .allowed = OpenAPISchema([:]).additionalProperties {} else { Issue.record("absent allows") }
        if case .forbidden = OpenAPISchema(["additionalProperties": false]).additionalProperties {} else { Issue.record("false forbids") }
        guard case .schema(let values) = OpenAPISchema(["additionalProperties": ["type": "number"]], pointer: "#/x").additionalProperties
        else {
            Issue.record("a schema")
            return
        }
        #expect(values.types == ["number"] && values.pointer == "#/x/additionalProperties")
    }

    /// A schema in a list keyword is found at its index, so a change or a problem in the second
    /// of two choices is named there, not at the list.
    @Test func aListsSchemasAreFoundAtTheirIndex() {
        let schema = OpenAPISchema(["allOf": [["type": "object"], ["required": ["id"]]], "anyOf": [true, ["type": "string"]],
                                    "oneOf": [["type": "string"], ["type": "integer"]]], pointer: "#/components/schemas/Id")
        #expect(schema.allOf?.map(\.pointer) == ["#/components/schemas/Id/allOf/0", "#/components/schemas/Id/allOf/1"])
        #expect(schema.anyOf?.map(\.pointer) == ["", "#/components/schemas/Id/anyOf/1"], "true is the one schema made here")
        #expect(schema.oneOf?.map(\.pointer) == ["#/components/schemas/Id/oneOf/0", "#/components/schemas/Id/oneOf/1"])
    }

    @Test func keywordsOfTheWrongKindAreNotRead() {
        let schema = OpenAPISchema(["minLength": true, "maxLength": 4.0, "minimum": "3", "multipleOf": 0, "required": "id"])
        #expect(schema.minLength == nil && schema.maxLength == 4 && schema.minimum == nil && schema.multipleOf == nil)
        #expect(schema.required.isEmpty)
    }

    @Test func aDiscriminatorMappingToABareNameIsItsReference() {
        let schema = OpenAPISchema(["discriminator": ["propertyName": "kind", "mapping": ["card": "Card", "bank": "#/components/schemas/Bank"]]])
        #expect(schema.discriminator == OpenAPIDiscriminator(propertyName: "kind",
                                                             mapping: ["card": "#/components/schemas/Card", "bank": "#/components/schemas/Bank"]))
    }
}
