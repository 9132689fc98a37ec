import Foundation
import HTTPTypes
import StubEngine
import StubFormats
import StubOpenAPI
import Testing

/// What the twelfth blind sweep's survivors showed untested: a request refused by the document
/// is still journalled under the route that would have answered; a bearer token is the text after
/// `Bearer ` (HTTP fields lose blanks at their ends before the engine sees them); an entry is
/// "replayed" only when the bank says `Idempotent-Replayed: true`.
@Suite struct JournalledExchangeTests {
    /// An engine over one route, `items`, at `path`, whose requests are checked against a
    /// document that gives `GET path` these `parameters`.
    private func probe(path: String, parameters: [[String: Any]]) throws -> EngineProbe {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - id: items
                request: { path: "\(path)" }
                responses: [ { status: 200, body: ok } ]
            """)
        #expect(problems.isEmpty, "\(problems)")
        let root: [String: Any] = ["openapi": "3.1.0", "paths": [path: ["get": [
            "parameters": parameters, "responses": ["200": ["description": "ok"]]]]]]
        let contract = RequestContract(document: OpenAPISource(root: root, name: "items", problems: []))
        return EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init, contract: contract)])
    }

    @Test func aRequestTheDocumentRefusesIsJournalledUnderItsRoute() throws {
        let query: [String: Any] = ["name": "limit", "in": "query", "required": true, "schema": ["type": "integer"]]
        let path: [String: Any] = ["name": "p", "in": "path", "required": true, "schema": ["type": "string"]]
        let probe = try probe(path: "/items/{p}", parameters: [query, path])
        #expect(probe.answer("/items/a?limit=2").status == .ok)
        let refused = probe.answer("/items/a?limit=two")
        #expect(refused.status == .badRequest)
        let entry = try #require(probe.journal.first)
        #expect(entry.status == 400)
        #expect(entry.route == "* /items/{p} [items]", "refused, but by this route: \(entry.route ?? "none")")
    }

    /// A parameter the document leaves unnamed (a hand-edited or generated document's slip) is
    /// passed over, and the parameters after it are still checked.
    @Test func aNamelessParameterDoesNotStopTheOnesAfterIt() throws {
        let nameless: [String: Any] = ["name": "", "in": "query", "schema": ["type": "string"]]
        let limit: [String: Any] = ["name": "limit", "in": "query", "required": true, "schema": ["type": "integer"]]
        let probe = try probe(path: "/items", parameters: [nameless, limit])
        #expect(probe.answer("/items?limit=2").status == .ok)
        #expect(probe.answer("/items?limit=two").status == .badRequest, "limit, after the nameless one, is still checked")
        #expect(probe.answer("/items").status == .badRequest, "and still required")
    }

    @Test func aBearerTokenIsTheTextBetweenTheBlanks() {
        func token(_ header: String?) -> String? {
            var request = StubRequest.verification(path: "/v1/me")
            if let header { request.headers[.authorization] = header }
            return request.bearerToken
        }
        #expect(token("Bearer abc") == "abc")
        #expect(token("bearer  abc \t") == "abc")
        #expect(token("BEARER\tabc") == nil, "the scheme is followed by a space")
        #expect(token("Bearer a b ") == "a b")
        #expect(token("Bearerx abc") == nil)
        #expect(token("Basic abc") == nil)
        #expect(token("Bearer") == nil)
        #expect(token(nil) == nil)
    }

    @Test func onlyTrueMarksAnAnswerReplayed() {
        func replayed(_ value: String?) -> Bool? {
            let journal = RequestJournal(capacity: 4)
            var exchange = RouteExchange(method: "POST", path: "/v1/transfers", rawQuery: nil, headers: [:], requestId: "r", authority: nil)
            var headers = HTTPFields()
            if let value { headers[HTTPField.Name("Idempotent-Replayed")!] = value }
            exchange.response = StubResponse(status: .created, headers: headers, body: [])
            journal.record(&exchange, receivedAt: Date(), status: 201, responseHeaders: headers, latencyMs: 1)
            return journal.entries().first?.replayed
        }
        #expect(replayed("true") == true)
        #expect(replayed("false") != true)
        #expect(replayed(nil) != true)
    }
}
