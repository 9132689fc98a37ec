import Foundation
@testable import StubImport
import StubFormats
import Testing

/// The OpenAPI importer's ordering and naming rules, each spelled out on one document: which
/// status answers first, what a route is called, which operations and statuses are left out
/// (and said so), which headers and which media type are written, and which named examples are.
@Suite struct OpenAPIImporterRulesTests {
    private static let document = """
        openapi: 3.0.3
        info: { title: rules, version: '1' }
        paths:
          /v1/orders:
            get:
              operationId: listOrders
              responses:
                default: { description: d, content: { application/json: { example: { error: other } } } }
                '500': { description: e, content: { application/json: { example: { error: e500 } } } }
                '404': { description: e, content: { application/json: { example: { error: e404 } } } }
                '201': { description: c, content: { application/json: { example: { made: 201 } } } }
                '200': { description: o, content: { application/json: { example: { made: 200 } } } }
                '2XX': { description: range }
                '102': { description: processing }
                '400': { $ref: '#/components/responses/Missing' }
            post:
              responses:
                '201':
                  description: created
                  headers:
                    Location: { required: true, schema: { type: string }, example: /v1/orders/o1 }
                    Content-Length: { required: true, schema: { type: integer } }
                    content-type: { required: true, schema: { type: string } }
                    Transfer-Encoding: { required: true, schema: { type: string } }
                    Connection: { required: true, schema: { type: string } }
                    X-Placeholder: { schema: { type: string } }
                    X-Rate-Limit: { schema: { type: integer, minimum: 1, maximum: 1 } }
            delete:
              operationId: listOrders
              responses: { '204': { description: gone } }
            trace:
              responses: { '200': { description: echoed } }
          /v1/orders/{id}:
            get:
              operationId: listOrders
              responses:
                '200':
                  description: one
                  content:
                    text/plain: { example: plain }
                    application/problem+json: { example: { title: problem } }
                    application/json: { example: { id: o1 } }
            put:
              responses: { '2XX': { description: range } }
            patch:
              responses:
                '200':
                  description: patched
                  content:
                    application/atom+xml: { example: '<feed/>' }
                    application/problem+json: { example: { title: problem } }
                    text/plain: { example: plain }
          /v1/orders/{id}.json:
            get:
              responses: { '200': { description: ok } }
          /v1/files/{name}:
            get:
              responses:
                '200':
                  description: a file
                  content:
                    text/csv: { example: "a,b" }
                    text/plain: { example: ab }
          /v1/examples:
            get:
              responses:
                '200':
                  description: named
                  content:
                    application/json:
                      schema: { type: object, required: [n], properties: { n: { type: integer } } }
                      examples:
                        zeta: { value: { n: 2 } }
                        alpha: { value: { n: 1 } }
                        wrong: { value: { n: x } }
                        external: { externalValue: 'https://example.com/n.json' }
        """

    private struct Imported {
        let routes: [String: ImportedRoute]
        let ids: [String]
        let notes: [ImportReport.Note]

        /// `document` (the rules document when not given), imported with seed 1.
        init(_ document: String = OpenAPIImporterRulesTests.document) throws {
            let folder = ScratchFolder()
            try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
            let spec = folder.url.appendingPathComponent("rules.yaml")
            try document.write(to: spec, atomically: true, encoding: .utf8)
            let (routes, notes) = OpenAPIImporter(spec: spec, seed: 1).routes(try OpenAPIImporter.load(spec))
            self.routes = Dictionary(uniqueKeysWithValues: routes.map { ("\($0.method) \($0.path)", $0) })
            ids = routes.map(\.id)
            self.notes = notes
        }

        func route(_ key: String) throws -> ImportedRoute { try #require(routes[key], "no route \(key) in \(routes.keys.sorted())") }

        func noted(_ source: String, _ reason: String) -> Bool {
            notes.contains { $0.source == source && $0.reason.contains(reason) }
        }
    }

    /// Paths in order, methods in the document model's order (get, put, post, delete, patch);
    /// an `operationId` names the route, else the method and path with dots; a repeated name
    /// gets one more `_` each time; `trace` is never imported.
    @Test func routesAreNamedInDocumentOrderAndARepeatedNameGetsUnderscores() throws {
        let imported = try Imported()
        #expect(imported.ids == ["get.v1.examples", "get.v1.files.{name}", "listOrders", "post.v1.orders", "listOrders_",
                                 "listOrders__", "patch.v1.orders.{id}"])
        #expect(imported.routes.keys.allSatisfy { !$0.hasPrefix("TRACE") })
        #expect(imported.routes.values.allSatisfy { $0.method == $0.method.uppercased() })
    }

    /// 2xx first, lowest first; then the other codes, lowest first; `default` last, as a 500
    /// named "default". A range (`2XX`), an informational status and a response whose `$ref`
    /// leads nowhere are noted and left out.
    @Test func successLowestFirstThenErrorsThenDefault() throws {
        let imported = try Imported()
        let list = try imported.route("GET /v1/orders").responses
        #expect(list.map(\.status) == [200, 201, 404, 500, 500])
        #expect(list.map(\.name) == [nil, nil, nil, nil, "default"])
        #expect(imported.noted("paths./v1/orders.get.responses.2XX", "not a single final status"))
        #expect(imported.noted("paths./v1/orders.get.responses.102", "not a single final status"))
        // A response that cannot be read is noted, and the ones after it are still imported.
        #expect(imported.noted("paths./v1/orders.get.responses.400", "unresolvable $ref #/components/responses/Missing"))
    }

    /// An operation with nothing importable is noted and not written, but its name is still
    /// taken; a parameter with text beside it in one segment is noted and not written.
    @Test func whatIsLeftOutIsSaid() throws {
        let imported = try Imported()
        #expect(imported.routes["PUT /v1/orders/{id}"] == nil)
        #expect(imported.noted("paths./v1/orders/{id}.put", "no importable response"))
        #expect(imported.routes["GET /v1/orders/{id}.json"] == nil)
        #expect(imported.noted("paths./v1/orders/{id}.json.get", "whole-segment"))
    }

    /// Headers the transport writes are never copied (in any case); an optional header with no
    /// example and no shape is left out; the rest are written in name order.
    @Test func onlyHeadersTheStubShouldSendAreWritten() throws {
        let imported = try Imported()
        let created = try #require(try imported.route("POST /v1/orders").responses.first)
        #expect(created.headers.map(\.0) == ["Location", "X-Rate-Limit"])
        #expect(created.headers.first { $0.0 == "Location" }?.1 == "/v1/orders/o1")
        #expect(created.headers.first { $0.0 == "X-Rate-Limit" }?.1 == "1")
    }

    /// An optional header is written when its schema says enough to make a value that means
    /// something: any of 3.1's `examples`, `const`, `default`, `enum`, a `pattern`, a `format` or
    /// a non-string type. A bare `type: string` is left out.
    @Test func anOptionalHeaderIsWrittenWhenItsSchemaDescribesAValue() throws {
        let imported = try Imported("""
            openapi: 3.1.0
            info: { title: headers, version: '1' }
            paths:
              /v1/limits:
                get:
                  responses:
                    '200':
                      description: limits
                      headers:
                        X-Examples: { schema: { type: string, examples: [ex-1] } }
                        X-Const: { schema: { type: string, const: fixed } }
                        X-Default: { schema: { type: string, default: dflt } }
                        X-Enum: { schema: { type: string, enum: [one] } }
                        X-Pattern: { schema: { type: string, pattern: '^[0-9]{3}$' } }
                        X-Format: { schema: { type: string, format: date } }
                        X-Count: { schema: { type: integer } }
                        X-Plain: { schema: { type: string } }
            """)
        let answer = try #require(try imported.route("GET /v1/limits").responses.first)
        #expect(answer.headers.map(\.0) == ["X-Const", "X-Count", "X-Default", "X-Enum", "X-Examples", "X-Format", "X-Pattern"],
                "\(answer.headers)")
        #expect(answer.headers.first { $0.0 == "X-Examples" }?.1 == "ex-1")
    }

    /// `application/json` wins wherever it is listed, then a `+json` type, then the first by name
    /// (the document model sorts them); any type but `application/json` is written as the route's `Content-Type`, and a text
    /// body stays text.
    @Test func theMediaTypeChosenAndSaid() throws {
        let imported = try Imported()
        let json = try #require(try imported.route("GET /v1/orders/{id}").responses.first)
        #expect(json.headers.isEmpty)
        #expect(Self.text(json.body) == #"{"id":"o1"}"#)
        let problem = try #require(try imported.route("PATCH /v1/orders/{id}").responses.first)
        #expect(problem.headers.map(\.1) == ["application/problem+json"])
        #expect(Self.text(problem.body) == #"{"title":"problem"}"#)
        let csv = try #require(try imported.route("GET /v1/files/{name}").responses.first)
        #expect(csv.headers.map(\.1) == ["text/csv"])
        guard case .text("a,b") = csv.body else { Issue.record("a text body stays text: \(String(describing: csv.body))"); return }
    }

    /// Named examples become named answers in name order; one that does not fit its schema, or
    /// that points at an external value, is noted and not served.
    @Test func namedExamplesInNameOrderAndOnlyThoseThatFit() throws {
        let imported = try Imported()
        let named = try imported.route("GET /v1/examples").responses
        #expect(named.map(\.name) == ["alpha", "zeta"])
        #expect(named.map { Self.text($0.body) } == [#"{"n":1}"#, #"{"n":2}"#])
        #expect(imported.noted("paths./v1/examples.get.responses.200", "example wrong does not fit"))
        #expect(imported.noted("paths./v1/examples.get.responses.200", "example external has no value"))
    }

    /// An `example` that breaks its own schema is not served, for a body or a header: the answer
    /// is made from the schema and the report says why, also where no named `examples` fits; a
    /// schema no value fits is named too.
    @Test func anExampleThatBreaksItsSchemaIsReplacedAndNamed() throws {
        let imported = try Imported("""
            openapi: 3.0.3
            info: { title: unfit, version: '1' }
            paths:
              /v1/rates:
                get:
                  responses:
                    '200':
                      description: rates
                      headers:
                        X-Rate-Limit: { required: true, schema: { type: integer, minimum: 1 }, example: many }
                      content:
                        application/json:
                          schema: { type: object, required: [rate], properties: { rate: { type: number } } }
                          example: { rate: high }
              /v1/never:
                get:
                  responses:
                    '200':
                      description: nothing fits
                      content:
                        application/json: { schema: { type: integer, minimum: 5, maximum: 2 } }
              /v1/fees:
                get:
                  responses:
                    '200':
                      description: named examples, none of them fitting
                      content:
                        application/json:
                          schema: { type: object, required: [fee], properties: { fee: { type: number } } }
                          examples: { flat: { value: { fee: none } }, waived: { value: { fee: free } } }
            """)
        let rates = try #require(try imported.route("GET /v1/rates").responses.first)
        guard case .json(.object(let fields))? = rates.body, case .number? = fields["rate"] else {
            Issue.record("a body made from the schema: \(String(describing: rates.body))"); return
        }
        let limit = try #require(rates.headers.first { $0.0 == "X-Rate-Limit" }?.1)
        #expect((Int(limit) ?? 0) >= 1, "a header made from its schema: \(limit)")
        func noted(_ path: String, _ reason: String) -> Bool { imported.noted("paths.\(path).get.responses.200", reason) }
        #expect(noted("/v1/rates", "the body's example does not fit its schema"), "\(imported.notes)")
        #expect(noted("/v1/rates", "header X-Rate-Limit's example does not fit its schema"), "\(imported.notes)")
        #expect(noted("/v1/rates", "not served, a value was made from the schema"), "\(imported.notes)")
        #expect(noted("/v1/never", "no value that fits the body's schema could be made"), "\(imported.notes)")
        // Where no named example fits, the status is still answered, with a body made from the schema.
        let fees = try imported.route("GET /v1/fees").responses
        guard fees.count == 1, case .json(.object(let fee))? = fees[0].body, case .number? = fee["fee"] else {
            Issue.record("one answer made from the schema: \(fees)"); return
        }
        #expect(noted("/v1/fees", "example flat does not fit its schema") && noted("/v1/fees", "example waived does not fit"))
    }

    private static func text(_ body: ImportedRoute.Body?) -> String? {
        guard case .json(let value) = body else { return nil }
        return String(decoding: try! JSONEncoder.sorted.encode(value), as: UTF8.self)
    }
}

private extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
