import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
@testable import StubImport
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubOpenAPI
import Testing
import Yams
import StubFormats

@Suite struct OpenAPIImporterTests {
    /// Each stage's progress line gives the time that stage took, not the time since the start.
    @Test func eachStageIsTimedFromTheLastOne() throws {
        final class Lines: @unchecked Sendable {
            let lock = NSLock()
            var said: [String] = []
            var ticks = 0
        }
        let lines = Lines(), start = ContinuousClock.now
        let spec = repositoryRoot.appendingPathComponent("Contracts/openapi.yaml")
        var importer = OpenAPIImporter(spec: spec, seed: 1)
        importer.now = { lines.lock.withLock { lines.ticks += 1; return start + .milliseconds(1500 * lines.ticks) } }
        importer.progress = { line in lines.lock.withLock { lines.said.append(line) } }
        let out = ScratchFolder()
        _ = try importer.run(out: out.url)
        #expect(lines.said.count == 3 && lines.said.allSatisfy { $0.hasSuffix(" in 1.5 s") }, "\(lines.said)")
        #expect(lines.said.first?.hasPrefix("read openapi.yaml") == true, "\(lines.said)")
    }

    /// Our own contract: every operation imports, the folder serves, and each default answer fits its schema.
    @Test func importsOurOwnContractAndEveryDefaultAnswerFitsTheSchema() async throws {
        let out = ScratchFolder()
        let spec = repositoryRoot.appendingPathComponent("Contracts/openapi.yaml")
        let report = try OpenAPIImporter(spec: spec, seed: 1).run(out: out.url)
        #expect(report.routes == 19)
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        let backend = try makeBackend(stubs: out.url)
        #expect(!backend.bankEnabled)
        let routes = backend.fileRoutes.routes
        let answers = try await StubApplication.make(backend: backend).test(.router) { client in
            var answers: [(id: String, path: String, method: String, status: Int, expected: Int, body: Data)] = []
            for route in routes {
                let path = route.pattern.path.replacingOccurrences(of: #"\{[^}]+\}"#, with: "x1", options: .regularExpression)
                let method = HTTPRequest.Method(route.pattern.method ?? "GET")!
                let response = try await client.execute(uri: path, method: method, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
                answers.append((route.id, route.pattern.path, method.rawValue.lowercased(), Int(response.status.code),
                                route.responses[0].status, Data(buffer: response.body)))
            }
            // Any documented status is one Prefer away.
            let notFound = try await client.execute(uri: "/v1/accounts/a1", method: .get, headers: [HTTPField.Name("Prefer")!: "code=404"])
            #expect(notFound.status == .notFound)
            return answers
        }
        let document = try OpenAPISource.load(spec)
        let validator = JSONSchemaValidator(document: document)
        for answer in answers {
            #expect(answer.status == answer.expected, "\(answer.id)")
            guard answer.status != 204, !answer.body.isEmpty else { continue }
            let value = try JSONDecoder().decode(JSONValue.self, from: answer.body)
            let schema = try #require(Self.schema(document, path: answer.path, method: answer.method, status: answer.status))
            let problems = validator.validate(value, against: schema)
            #expect(problems.isEmpty, "\(answer.id): \(problems)")
        }
    }

    @Test func theSameSeedWritesTheSameFolder() throws {
        let spec = repositoryRoot.appendingPathComponent("Contracts/openapi.yaml")
        let first = ScratchFolder(), second = ScratchFolder(), other = ScratchFolder()
        _ = try OpenAPIImporter(spec: spec, seed: 7).run(out: first.url)
        _ = try OpenAPIImporter(spec: spec, seed: 7).run(out: second.url)
        _ = try OpenAPIImporter(spec: spec, seed: 8).run(out: other.url)
        let file = "routes/bodies/getaccount-200-0.json"
        #expect(try first.text(file) == second.text(file))
        #expect(try first.text(file) != other.text(file))
    }

    /// What an operation answers when it documents no 2xx: its first error status, `default`
    /// only after every code; an `operationId` given twice still names two routes; and a path
    /// segment holding two parameters side by side is listed, not written.
    @Test func errorCodesBeforeDefaultRepeatedIdsAndTwoParametersInASegment() throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let spec = folder.url.appendingPathComponent("api.yaml")
        try """
            openapi: 3.0.3
            info: { title: edge, version: '1' }
            paths:
              /v1/legacy:
                get:
                  operationId: fetch
                  responses:
                    default: { description: other, content: { application/json: { example: { error: other } } } }
                    '410': { description: gone, content: { application/json: { example: { error: gone } } } }
              /v1/current:
                get:
                  operationId: fetch
                  responses:
                    '200': { description: ok, content: { application/json: { example: { ok: true } } } }
              /v1/periods/{year}{month}:
                get:
                  parameters:
                    - { name: year, in: path, required: true, schema: { type: string } }
                    - { name: month, in: path, required: true, schema: { type: string } }
                  responses:
                    '200': { description: ok }
            """.write(to: spec, atomically: true, encoding: .utf8)
        let out = ScratchFolder()
        let report = try OpenAPIImporter(spec: spec, seed: 1).run(out: out.url)
        #expect(report.routes == 2, "\(report.skipped)")
        #expect(report.skipped.contains { $0.source == "paths./v1/periods/{year}{month}.get" && $0.reason.contains("whole-segment") },
                "\(report.skipped)")
        let backend = try makeBackend(stubs: out.url)
        func answer(_ path: String) -> (Int, String) {
            let plan = backend.engine.answer(EngineRequest(method: "GET", target: path, headers: [:], body: []))
            return (Int(plan.status.code), String(decoding: plan.body, as: UTF8.self))
        }
        #expect(answer("/v1/legacy").0 == 410, "the documented error before default's 500")
        let current = answer("/v1/current")
        #expect(current.0 == 200 && current.1.replacingOccurrences(of: " ", with: "").contains(#""ok":true"#), "\(current)")
    }

    /// A second document in another style: JSON, OpenAPI 3.0, path-level parameters, named and
    /// `$ref`'d examples, shared responses, `allOf` with a discriminated `oneOf`, a status range.
    @Test func importsADocumentInAnotherStyle() async throws {
        let out = ScratchFolder()
        let report = try OpenAPIImporter(spec: importFixtures.appendingPathComponent("openapi-payments.json"), seed: 3).run(out: out.url)
        #expect(report.routes == 3)
        #expect(report.skipped.contains { $0.source == "paths./payments/{paymentId}.get.responses.4XX" && $0.reason.contains("not a single final status") })
        #expect(report.skipped.contains { $0.source == "paths./statements/{month}.pdf.get" && $0.reason.contains("whole-segment") })
        try await StubApplication.make(backend: try makeBackend(stubs: out.url)).test(.router) { client in
            let booked = try await client.execute(uri: "/payments/p1", method: .get)
            #expect(booked.status == .ok)
            let bookedJSON = try JSONSerialization.jsonObject(with: Data(buffer: booked.body)) as? [String: Any]
            #expect(bookedJSON?["status"] as? String == "booked")
            let pending = try await client.execute(uri: "/payments/p1", method: .get, headers: [HTTPField.Name("Prefer")!: "example=pending"])
            let pendingJSON = try JSONSerialization.jsonObject(with: Data(buffer: pending.body)) as? [String: Any]
            #expect(pendingJSON?["last4"] as? String == "4242")
            let missing = try await client.execute(uri: "/payments/p1", method: .get, headers: [HTTPField.Name("Prefer")!: "code=404"])
            #expect(missing.headers[.contentType] == "application/problem+json")
            #expect(String(buffer: missing.body).contains("No such payment"))
            let problem = try await client.execute(uri: "/payments/p1", method: .get, headers: [HTTPField.Name("Prefer")!: "example=default"])
            #expect(problem.status == .internalServerError)

            let created = try await client.execute(uri: "/payments", method: .post)
            #expect(created.status == .created)
            #expect(created.headers[HTTPField.Name("Location")!]?.hasPrefix("https://example.com/") == true)
            #expect(created.headers[HTTPField.Name("X-Unshaped")!] == nil)
            let payment = try JSONSerialization.jsonObject(with: Data(buffer: created.body)) as? [String: Any]
            // allOf merged the base and one branch of the oneOf, tagged by the discriminator.
            #expect(payment?["status"] as? String == "pending")
            let kind = try #require(payment?["kind"] as? String)
            #expect(["sepa", "card"].contains(kind))
            #expect((payment?["amount"] as? [String: Any])?["currency"] as? String != nil)
            if kind == "sepa" { #expect(((payment?["iban"] as? String)?.count ?? 0) >= 15) } else { #expect((payment?["last4"] as? String)?.count == 4) }
            let limited = try await client.execute(uri: "/payments", method: .post, headers: [HTTPField.Name("Prefer")!: "code=429"])
            #expect(Int(limited.headers[HTTPField.Name("Retry-After")!] ?? "") != nil)
            #expect(try await client.execute(uri: "/health", method: .get).status == .noContent)
        }
    }

    /// UK Open Banking's documents (Open Licence), written by no one here: every body the import
    /// writes fits its schema, every answer carries the required `x-fapi-interaction-id`, and
    /// each route answers under the document's servers path and without it.
    @Test(arguments: [("obie-account-info-v4.0.yaml", "/open-banking/v4.0/aisp", 29),
                      ("obie-payment-initiation-v4.0.yaml", "/open-banking/v4.0/pisp", 41)])
    func realWorldDocumentsServeWhatTheySay(file: String, basePath: String, operations: Int) async throws {
        let spec = realWorld.appendingPathComponent("openapi/\(file)")
        try #require(FileManager.default.fileExists(atPath: spec.path), "\(spec.path) is missing: ../shared/realworld sits beside the repository")
        let out = ScratchFolder()
        let report = try OpenAPIImporter(spec: spec, seed: 1).run(out: out.url)
        #expect(report.routes == operations)
        #expect(report.basePath == basePath)
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        let backend = try makeBackend(stubs: out.url)
        let routes = backend.fileRoutes.routes
        try await StubApplication.make(backend: backend).test(.router) { client in
            for route in routes {
                let path = route.pattern.path.replacingOccurrences(of: #"\{[^}]+\}"#, with: "id-1", options: .regularExpression)
                let method = HTTPRequest.Method(route.pattern.method ?? "GET")!
                for prefix in [basePath, ""] {
                    let answer = try await client.execute(uri: prefix + path, method: method, headers: [.contentType: "application/json"],
                                                          body: ByteBuffer(string: "{}"))
                    #expect(Int(answer.status.code) == route.responses[0].status, "\(method) \(prefix + path)")
                    #expect(answer.headers[HTTPField.Name("x-fapi-interaction-id")!] != nil, "\(method) \(prefix + path)")
                }
            }
        }
    }

    @Test func aRouteTheLoaderRefusesIsLeftOutAndTheRestServes() throws {
        let out = ScratchFolder()
        var good = ImportedRoute(id: "good", method: "GET", path: "/good", origin: "doc.yaml paths./good.get")
        good.responses = [ImportedRoute.Response(status: 200, body: .json(.object(["ok": .bool(true)])))]
        var bad = ImportedRoute(id: "bad", method: "GET", path: "/bad", origin: "doc.yaml paths./bad.get")
        bad.query = [("q", .matches("[unclosed"))]
        bad.responses = [ImportedRoute.Response(status: 200, body: .json(.object(["ok": .bool(false)])))]
        let report = try RouteFileWriter(out: out.url).writeFolder(["api.yaml": [bad, good]], header: "test", skipped: [])
        #expect(report.skipped.count == 1)
        #expect(report.skipped.first?.source == "doc.yaml paths./bad.get")
        #expect(report.skipped.first?.reason.contains("routes/api.yaml:") == true, "\(report.skipped)")
        let backend = try makeBackend(stubs: out.url)
        #expect(backend.fileRoutes.routes.map(\.id) == ["good"])
        // Written once, after the check: the refused route's body file was never written.
        let bodies = try FileManager.default.contentsOfDirectory(atPath: out.url.appendingPathComponent("routes/bodies").path)
        #expect(bodies.count == 1 && bodies.allSatisfy { $0.hasPrefix("good-") }, "\(bodies)")
        #expect(report.written.sorted() == (["routes/api.yaml"] + bodies.map { "routes/bodies/" + $0 }).sorted())
    }

    /// Settings the stub would refuse (a base path with a parameter in it) are no route to leave
    /// out: the import fails, says it is the importer's bug and why, and writes nothing.
    @Test func settingsTheStubWouldRefuseFailTheImportWithNothingWritten() throws {
        let out = ScratchFolder()
        var route = ImportedRoute(id: "good", method: "GET", path: "/good", origin: "doc.yaml paths./good.get")
        route.responses = [ImportedRoute.Response(status: 200, body: .json(.object(["ok": .bool(true)])))]
        let writer = RouteFileWriter(out: out.url, basePath: "/v1/{tenant}")
        let error = #expect(throws: ImportError.self) {
            try writer.writeFolder(["api.yaml": [route]], header: "test", skipped: [])
        }
        #expect(error?.description.contains("does not load, which is a bug in the importer") == true, "\(String(describing: error))")
        #expect(error?.description.contains("basePath \"/v1/{tenant}\"") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: out.url.path), "nothing was written")
    }

    /// The loader's line leads back to the route it names wherever it sits in its file, and two
    /// refused routes in two files both go.
    @Test func eachRefusedRouteIsNamedWhereverItSits() throws {
        let out = ScratchFolder()
        func route(_ id: String, query: String? = nil) -> ImportedRoute {
            var route = ImportedRoute(id: id, method: "GET", path: "/\(id)", origin: "doc.yaml paths./\(id).get")
            if let query { route.query = [("q", .matches(query))] }
            route.responses = [ImportedRoute.Response(status: 200, body: .json(.object(["id": .string(id)])))]
            return route
        }
        let report = try RouteFileWriter(out: out.url).writeFolder(
            ["a.yaml": [route("a1"), route("a2"), route("a3", query: "(")], "b.yaml": [route("b1", query: "[x"), route("b2")]],
            header: "test", skipped: [])
        #expect(report.skipped.map(\.source).sorted() == ["doc.yaml paths./a3.get", "doc.yaml paths./b1.get"])
        #expect(report.routes == 3)
        let backend = try makeBackend(stubs: out.url)
        #expect(backend.fileRoutes.routes.map(\.id).sorted() == ["a1", "a2", "b2"])
    }

    /// A problem the loader reports on a route's very first line (a route that can never be told
    /// apart from the one before it) is that route's: it is left out, not the route before it.
    @Test func aProblemOnARoutesFirstLineIsThatRoutes() throws {
        let out = ScratchFolder()
        func route(_ id: String, path: String, origin: String) -> ImportedRoute {
            var route = ImportedRoute(id: id, method: "GET", path: path, origin: origin)
            route.responses = [ImportedRoute.Response(status: 200, body: .json(.object(["from": .string(origin)])))]
            return route
        }
        let report = try RouteFileWriter(out: out.url).writeFolder(
            ["a.yaml": [route("a", path: "/a", origin: "one"), route("b", path: "/b", origin: "two"), route("c", path: "/b", origin: "three")]],
            header: "test", skipped: [])
        #expect(report.skipped.map(\.source) == ["three"], "\(report.skipped)")
        #expect(report.skipped.first?.reason.contains("can never be told apart") == true, "\(report.skipped)")
        let backend = try makeBackend(stubs: out.url)
        #expect(backend.fileRoutes.routes.map(\.id) == ["a", "b"])
    }

    /// A problem on a route's last line (here a status no HTTP has, on the one response's only
    /// line) is that route's too: the route after it stays.
    @Test func aProblemOnARoutesLastLineIsThatRoutes() throws {
        let out = ScratchFolder()
        var bad = ImportedRoute(id: "bad", method: "GET", path: "/bad", origin: "one")
        bad.responses = [ImportedRoute.Response(status: 42)]
        var good = ImportedRoute(id: "good", method: "GET", path: "/good", origin: "two")
        good.responses = [ImportedRoute.Response(status: 200, body: .json(.object(["ok": .bool(true)])))]
        let report = try RouteFileWriter(out: out.url).writeFolder(["a.yaml": [bad, good]], header: "test", skipped: [])
        #expect(report.skipped.map(\.source) == ["one"], "\(report.skipped)")
        #expect(report.skipped.first?.reason.contains("routes/a.yaml:") == true, "\(report.skipped)")
        let backend = try makeBackend(stubs: out.url)
        #expect(backend.fileRoutes.routes.map(\.id) == ["good"])
    }

    @Test func patternsSampleToMatchingStrings() throws {
        var generator = SeededGenerator(seed: 5)
        for pattern in [#"^[A-Z]{3}$"#, #"^-?[0-9]+(\.[0-9]+)?$"#, #"^[0-9]{1,12}(\.[0-9]{1,2})?$"#, #"^[0-9a-f]{64}$"#,
                        #"^[\x21-\x7E]+$"#, #"^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$"#, #"^[0-9]{4}-[0-9]{2}$"#, #"^(GB|DE)\d{2}$"#,
                        // Adyen's attachment names: an inline flag inside a group; and named and flagged groups.
                        #"([^\s]+(\.(?i)(jpeg|tiff|pdf))$)"#, #"^(?<bank>[A-Z]{4})(?<branch>\d{3})(?i:x|y)$"#,
                        // An escaped `$` at the end is a character, not an anchor; a `-` before `]` is one too.
                        #"^[0-9]+\$"#, #"^[+-][0-9]{2}$"#, #"^[a-c-]{6}$"#] {
            let text = try #require(PatternSampler.sample(pattern, using: &generator), "\(pattern)")
            #expect(text.range(of: pattern, options: .regularExpression) != nil, "\(pattern) → \(text)")
        }
        // An open count (`{2,}`) is drawn, not always its least.
        let lengths = Set((0..<12).compactMap { _ in PatternSampler.sample("[a-z]{2,}", using: &generator)?.count })
        #expect(lengths.count > 1 && lengths.allSatisfy { $0 >= 2 }, "\(lengths)")
        // A lookaround is beyond it: nil, and the caller notes it.
        #expect(PatternSampler.sample("(?=x)x", using: &generator) == nil && PatternSampler.sample("(?<!y)x", using: &generator) == nil)
        // A pattern cut short (a document's typo) is nil too, wherever it stops, and so is an empty flag group.
        for broken in ["(?i", "(?", "(", "[a-", "x{2", "(?<name", "a\\", "a(?)b"] {
            #expect(PatternSampler.sample(broken, using: &generator) == nil, "\(broken)")
        }
        // So is one with a `)` no group opened: read only up to it, the sample would be "AB", which
        // the pattern does not match (it is no regular expression at all).
        for unbalanced in ["^[A-Z]{2})[0-9]$", "(ab))", "a)|b", ")"] {
            #expect(PatternSampler.sample(unbalanced, using: &generator) == nil, "\(unbalanced)")
        }
        // A letter escape it does not know (a word boundary, a Unicode property) is beyond it too,
        // rather than drawn as the letter: `\bACC` is no "bACC".
        for unknown in [#"^\bACC\d{3}\b$"#, #"^\p{Lu}{2}$"#] {
            #expect(PatternSampler.sample(unknown, using: &generator) == nil, "\(unknown)")
        }
        // A negated class draws letters and digits it does not exclude.
        let negated = try #require(PatternSampler.sample(#"^[^a\s]{3}$"#, using: &generator))
        #expect(negated.range(of: #"^[^a\s]{3}$"#, options: .regularExpression) != nil, "\(negated)")
        let anchored = try #require(PatternSampler.sample(#"^(NotKnown)$|^(EvryDay)$"#, using: &generator))
        #expect(anchored == "NotKnown")
    }

    /// A range draws from both its ends and everything between (a sort code's `[0-9]` reaches 9,
    /// a currency's `[A-Z]` reaches Z), and an exact count is exact.
    @Test func aClassRangeReachesBothEnds() throws {
        var generator = SeededGenerator(seed: 9)
        var seen = Set<Character>()
        for _ in 0..<20 {
            let text = try #require(PatternSampler.sample(#"^[x-z\x30-\x31]{8}$"#, using: &generator))
            #expect(text.count == 8 && text.allSatisfy { "xyz01".contains($0) }, "\(text)")
            seen.formUnion(text)
        }
        #expect(seen == Set("xyz01"), "drawn: \(String(seen.sorted()))")
    }

    /// `--base-path` wins over the document's server: `/` or nothing means no prefix, another
    /// path becomes the prefix, and one that is not a path is refused naming it.
    @Test func aGivenBasePathWinsOverTheServersAndSlashMeansNone() throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let spec = folder.url.appendingPathComponent("api.yaml")
        try Data(RequestValidationTests.document.utf8).write(to: spec)
        var outputs = 0
        func basePath(_ given: String?) throws -> String? {
            outputs += 1
            return try OpenAPIImporter(spec: spec, basePath: given).run(out: folder.url.appendingPathComponent("out\(outputs)")).basePath
        }
        #expect(try basePath(nil) == "/api/v2", "the first server's path")
        #expect(try basePath("/") == nil)
        #expect(try basePath("") == nil)
        #expect(try basePath("/mobile/v3") == "/mobile/v3")
        #expect(throws: ImportError.self) { try basePath("mobile v3") }
    }

    @Test func refusesToOverwriteAnExistingRoutesFolder() throws {
        let out = ScratchFolder()
        try FileManager.default.createDirectory(at: out.url.appendingPathComponent("routes"), withIntermediateDirectories: true)
        #expect(throws: ImportError.self) {
            try OpenAPIImporter(spec: importFixtures.appendingPathComponent("openapi-payments.json")).run(out: out.url)
        }
    }

    private static func schema(_ document: OpenAPISource, path: String, method: String, status: Int) -> OpenAPISchema? {
        let operation = document.operations.first { $0.path == path && $0.method == method }
        return operation?.response(String(status))?.content.first { $0.type == "application/json" }?.schema
    }
}


private func Yams_load(_ url: URL) throws -> [String: Any]? {
    try Yams.load(yaml: String(contentsOf: url, encoding: .utf8)) as? [String: Any]
}

/// A 204 the document gives a body (Adyen's `requestPeriodicReview` and webhook-setting delete):
/// the operation is still served, as a 204 with no body and the documented type, and the import
/// says the body was left out. Before, the route file loader refused the route and the operation
/// answered 404.
@Suite struct BodylessStatusImportTests {
    @Test func a204WithADocumentedBodyIsServedWithoutOne() async throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let spec = folder.url.appendingPathComponent("review.yaml")
        try Data("""
            openapi: 3.1.0
            info: { title: review, version: '1' }
            paths:
              /legalEntities/{id}/requestPeriodicReview:
                post:
                  parameters: [ { name: id, in: path, required: true, schema: { type: string } } ]
                  responses:
                    '204':
                      description: requested
                      content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } }
            """.utf8).write(to: spec)
        let out = folder.url.appendingPathComponent("out")
        let report = try OpenAPIImporter(spec: spec).run(out: out)
        #expect(report.routes == 1)
        #expect(report.skipped.map(\.reason) == ["status 204 never carries a body; the documented application/json body is left out, "
                                                  + "and the status served without one"])
        try await StubApplication.make(backend: try makeBackend(stubs: out)).test(.router) { client in
            let answer = try await client.execute(uri: "/legalEntities/LE1/requestPeriodicReview", method: .post)
            #expect(answer.status == .noContent && answer.body.readableBytes == 0)
            #expect(answer.headers[.contentType] == "application/json")
        }
        _ = folder
    }
}

/// `validate: requests`: a request that breaks the document is refused before a route answers.
@Suite struct RequestValidationTests {
    static let document = """
        openapi: 3.1.0
        info: { title: transfers, version: '1' }
        servers: [ { url: 'https://bank.example/api/v2' } ]
        paths:
          /transfers:
            parameters:
              - { name: X-Trace, in: header, required: true, schema: { type: string, pattern: '^t-[0-9]+$' } }
            post:
              parameters:
                - { name: dryRun, in: query, schema: { type: boolean } }
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [amount, currency]
                      properties:
                        amount: { type: number, minimum: 0.01 }
                        currency: { type: string, enum: [GBP, EUR] }
              responses:
                '201': { description: made, content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } } }
                '422': { description: refused }
          /transfers/{transferId}:
            get:
              parameters:
                - { name: transferId, in: path, required: true, schema: { type: integer } }
                - { name: limit, in: query, schema: { type: integer, maximum: 50 } }
              responses:
                '200': { description: one, content: { application/json: { schema: { type: object } } } }
                '400': { description: bad }
        """

    private func serve(validate: Bool, mode: TestingSetup = .router, document: String = Self.document,
                       _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let spec = folder.url.appendingPathComponent("transfers.yaml")
        try Data(document.utf8).write(to: spec)
        let out = folder.url.appendingPathComponent("out")
        let report = try OpenAPIImporter(spec: spec, validateRequests: validate).run(out: out)
        #expect(report.basePath == "/api/v2")
        try await StubApplication.make(backend: try makeBackend(stubs: out)).test(mode) { client in try await body(client) }
        _ = folder
    }

    private func details(_ response: TestResponse) -> [String] {
        let json = try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
        return ((json?["error"] as? [String: Any])?["details"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    @Test func aRequestThatBreaksTheDocumentIsRefusedNamingTheField() async throws {
        try await serve(validate: true) { client in
            let json: HTTPFields = [.contentType: "application/json", HTTPField.Name("X-Trace")!: "t-1"]
            let good = try await client.execute(uri: "/api/v2/transfers?dryRun=true", method: .post, headers: json,
                                                body: ByteBuffer(string: #"{"amount": 5, "currency": "GBP"}"#))
            #expect(good.status == .created)
            // The operation documents 422 and not 400, so 422.
            let noTrace = try await client.execute(uri: "/transfers", method: .post, headers: [.contentType: "application/json"],
                                                   body: ByteBuffer(string: #"{"amount": 5, "currency": "GBP"}"#))
            #expect(noTrace.status == .unprocessableContent)
            #expect(details(noTrace) == ["X-Trace"])
            let badBody = try await client.execute(uri: "/transfers?dryRun=maybe", method: .post, headers: json,
                                                   body: ByteBuffer(string: #"{"amount": 0, "currency": "USD"}"#))
            #expect(Set(details(badBody)) == ["dryRun", "body.amount", "body.currency"], "\(details(badBody))")
            let noBody = try await client.execute(uri: "/transfers", method: .post, headers: json)
            #expect(details(noBody) == ["body"])
            let plain: HTTPFields = [.contentType: "text/plain", HTTPField.Name("X-Trace")!: "t-1"]
            let text = try await client.execute(uri: "/transfers", method: .post, headers: plain, body: ByteBuffer(string: "hello"))
            #expect(text.status == .unsupportedMediaType)
            let notJSON = try await client.execute(uri: "/transfers", method: .post, headers: json, body: ByteBuffer(string: "{"))
            #expect(notJSON.status == .badRequest)
            let path = try await client.execute(uri: "/transfers/abc?limit=99", method: .get)
            #expect(path.status == .badRequest)
            #expect(Set(details(path)) == ["transferId", "limit"])
        }
    }

    /// Where an operation documents both 400 and 422, a refusal is 400; a header parameter is
    /// found in any case; a body the document does not require may be left out; and a media
    /// type's parameters (`; charset=utf-8`) do not make it another type.
    @Test func theRefusalStatusHeaderCaseOptionalBodyAndMediaParameters() async throws {
        let document = """
            openapi: 3.0.3
            info: { title: notes, version: '1' }
            servers: [ { url: 'https://bank.example/api/v2' } ]
            paths:
              /notes:
                post:
                  parameters:
                    - { name: x-trace, in: header, required: true, schema: { type: string, pattern: '^t-[0-9]+$' } }
                  requestBody:
                    content:
                      application/json:
                        schema: { type: object, required: [text], properties: { text: { type: string, maxLength: 5 } } }
                  responses:
                    '201': { description: made }
                    '400': { description: bad }
                    '422': { description: refused }
            """
        try await serve(validate: true, document: document) { client in
            let trace: HTTPFields = [HTTPField.Name("X-Trace")!: "t-7"]
            #expect(try await client.execute(uri: "/notes", method: .post, headers: trace).status == .created,
                    "no body where none is required; X-Trace found as x-trace")
            var json = trace
            json[.contentType] = "application/json; charset=utf-8"
            let good = try await client.execute(uri: "/notes", method: .post, headers: json, body: ByteBuffer(string: #"{"text": "hi"}"#))
            #expect(good.status == .created, "\(String(buffer: good.body))")
            let long = try await client.execute(uri: "/notes", method: .post, headers: json, body: ByteBuffer(string: #"{"text": "too long"}"#))
            #expect(long.status == .badRequest, "400 and 422 both documented: 400")
            #expect(details(long) == ["body.text"])
            let badTrace = try await client.execute(uri: "/notes", method: .post, headers: [HTTPField.Name("X-TRACE")!: "nope"])
            #expect(badTrace.status == .badRequest && details(badTrace) == ["x-trace"])
        }
    }

    /// An array query parameter is read in its style (OpenAPI's `form`, exploded, by default):
    /// `ids=1&ids=2` by default, `ids=1,2` with `explode: false`, `ids=1|2` for `pipeDelimited`;
    /// each item is read as its schema's type, so `ids=1,x` does not fit `integer` items, and
    /// by default `ids=1,2` is one item, `1,2`, which is no integer either.
    @Test func anArrayQueryParameterIsReadInItsStyleAndEachItemTyped() async throws {
        let document = """
            openapi: 3.0.3
            info: { title: statements, version: '1' }
            servers: [ { url: 'https://bank.example/api/v2' } ]
            paths:
              /statements:
                get:
                  parameters:
                    - { name: ids, in: query, schema: { type: array, items: { type: integer }, maxItems: 3 } }
                    - { name: tags, in: query, explode: false, schema: { type: array, items: { type: integer }, maxItems: 3 } }
                    - { name: pipes, in: query, style: pipeDelimited, schema: { type: array, items: { type: integer } } }
                    - { name: filter, in: query, style: deepObject, schema: { type: object, properties: { min: { type: integer } } } }
                  responses:
                    '200': { description: listed, content: { application/json: { schema: { type: object } } } }
                    '400': { description: bad }
            """
        try await serve(validate: true, document: document) { client in
            #expect(try await client.execute(uri: "/statements?ids=1&ids=2&ids=3", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/statements?ids=7", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/statements?tags=1,2,3&pipes=4|5&filter[min]=6", method: .get).status == .ok)
            let commas = try await client.execute(uri: "/statements?ids=1,2", method: .get)
            #expect(commas.status == .badRequest && details(commas) == ["ids"], "exploded by default: one item, 1,2")
            let word = try await client.execute(uri: "/statements?tags=1,x", method: .get)
            #expect(word.status == .badRequest && details(word) == ["tags"])
            let many = try await client.execute(uri: "/statements?ids=1&ids=2&ids=3&ids=4", method: .get)
            #expect(many.status == .badRequest && details(many) == ["ids"], "four items of three at most")
            let deep = try await client.execute(uri: "/statements?filter[min]=x&pipes=4,5", method: .get)
            #expect(deep.status == .badRequest && Set(details(deep)) == ["filter", "pipes"])
        }
    }

    @Test func theEventLoopAnswerChecksToo() async throws {
        try await serve(validate: true, mode: .live) { client in
            let bad = try await client.execute(uri: "/transfers/12?limit=99", method: .get)
            #expect(bad.status == .badRequest && details(bad) == ["limit"])
            let good = try await client.execute(uri: "/transfers/12?limit=5", method: .get)
            #expect(good.status == .ok)
        }
    }

    @Test func offByDefault() async throws {
        try await serve(validate: false) { client in
            let anything = try await client.execute(uri: "/transfers/abc?limit=99", method: .get)
            #expect(anything.status == .ok)
            let noBody = try await client.execute(uri: "/transfers", method: .post)
            #expect(noBody.status == .created)
        }
    }
}
