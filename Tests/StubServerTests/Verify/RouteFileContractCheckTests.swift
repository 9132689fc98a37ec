import Foundation
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine

/// `stubbank verify --contract`: route files against a team's own OpenAPI document.
@Suite struct RouteFileContractCheckTests {
    static let contract = """
        openapi: 3.1.0
        info: { title: Team API, version: "1" }
        paths:
          /api/users/{id}:
            get:
              responses:
                "200":
                  description: A user
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [id, name]
                        properties:
                          id: { type: string }
                          name: { type: string }
                "404": { description: Missing }
          /api/ping:
            get:
              responses:
                "204": { description: Alive }
          /api/statements/{id}/pdf:
            get:
              responses:
                "200":
                  description: The statement as a PDF
                  content:
                    application/pdf:
                      schema: { type: string, format: binary }
                "404":
                  description: Missing
                  content:
                    application/json:
                      schema: { type: object, required: [error], properties: { error: { type: string } } }
        """

    private func verify(_ routes: String) async throws -> ContractVerifier.Report {
        let stubs = try ScratchStubs(routes: ["routes/users.yaml": routes])
        let contract = stubs.url.appendingPathComponent("team.yaml")
        try Data(Self.contract.utf8).write(to: contract)
        return await ContractVerifier(stubs: stubs.url, contract: contract).verify()
    }

    @Test func routesThatFitPass() async throws {
        let report = try await verify("""
            routes:
              - request: { method: GET, path: "/api/users/{userId}" }
                responses:
                  - when: { path: { userId: "0" } }
                    status: 404
                  - body: { id: "{{path.userId}}", name: Alex }
            """)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.checked.contains { $0.contains("→ 200: body fits the schema") })
        #expect(report.checked.contains { $0.contains("GET /api/ping has no route file") })
    }

    /// A route that names its own `Content-Type` is checked as that type: a PDF against a binary
    /// string schema is documented (as Plaid documents its statements), and a JSON type named by
    /// the route still has its body checked against the schema.
    @Test func aRoutesOwnContentTypeDecidesHowItsBodyIsChecked() async throws {
        let report = try await verify("""
            routes:
              - request: { method: GET, path: "/api/statements/{id}/pdf" }
                responses:
                  - when: { path: { id: "0" } }
                    status: 404
                    headers: { Content-Type: application/json; charset=utf-8 }
                    body: '{"code": 7}'
                  - headers: { Content-Type: application/pdf }
                    body: "%PDF-1.7 a statement"
            """)
        #expect(report.checked.contains { $0.contains("→ 200: documented") }, "\(report.checked)")
        #expect(report.problems.count == 1, "\(report.problems)")
        #expect(report.problems.first?.contains("→ 404") == true && report.problems.first?.contains("error") == true,
                "the JSON error body is still checked: \(report.problems)")
    }

    /// A body where the document has none, a type it does not list, and text that is not JSON
    /// where it gives a JSON schema: each is a problem that says what the route sends and what the
    /// document says.
    @Test func aBodyTheDocumentDoesNotDescribeIsAProblem() async throws {
        let report = try await verify("""
            routes:
              - request: { method: GET, path: "/api/users/{id}" }
                responses:
                  - when: { path: { id: "9" } }
                    status: 404
                    body: gone
                  - when: { path: { id: "0" } }
                    headers: { Content-Type: application/json }
                    body: "id=0"
                  - headers: { Content-Type: text/csv }
                    body: "id,name"
            """)
        #expect(report.problems.count == 3, "\(report.problems)")
        let expected = [
            ("routes/users.yaml:4:", "a text/plain; charset=utf-8 body, but team.yaml documents no body"),
            ("routes/users.yaml:7:", "the body is not JSON, but team.yaml documents a JSON schema"),
            ("routes/users.yaml:10:", "a text/csv body, but team.yaml documents application/json"),
        ]
        for (place, problem) in expected {
            #expect(report.problems.contains { $0.hasPrefix(place) && $0.hasSuffix(problem) }, "\(problem): \(report.problems)")
        }
    }

    @Test func eachProblemNamesFileAndLine() async throws {
        let report = try await verify("""
            routes:
              - request: { method: GET, path: "/api/users/{id}" }
                responses:
                  - status: 418
                  - body: { id: 7 }
              - request: { method: POST, path: /api/ping }
                responses: [ { status: 204 } ]
            """)
        #expect(report.problems.count == 4, "\(report.problems)")
        #expect(report.problems.contains { $0.hasPrefix("routes/users.yaml:4:") && $0.contains("status 418 is not documented") })
        #expect(report.problems.contains { $0.hasPrefix("routes/users.yaml:5:") && $0.contains("$.id: expected string, found integer") })
        #expect(report.problems.contains { $0.hasPrefix("routes/users.yaml:5:") && $0.hasSuffix("$: missing required name") })
        #expect(report.problems.contains { $0.hasPrefix("routes/users.yaml:6:") && $0.contains("is not an operation in team.yaml") })
    }
}
