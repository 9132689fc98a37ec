import Testing
@testable import StubServer

@Suite struct RoutePatternTests {
    private func segments(_ path: String) -> [Substring] { RoutePattern.segments(of: path) }

    @Test func capturesParameters() throws {
        let pattern = try RoutePattern("GET /v1/accounts/{accountId}/transactions")
        #expect(pattern.match(method: "GET", pathSegments: segments("/v1/accounts/acc_1/transactions")) == ["accountId": "acc_1"])
        #expect(pattern.match(method: "POST", pathSegments: segments("/v1/accounts/acc_1/transactions")) == nil)
        #expect(pattern.match(method: "GET", pathSegments: segments("/v1/accounts/acc_1")) == nil)
    }

    @Test func restAndWildcardAndAnyMethod() throws {
        let rest = try RoutePattern("* /v1/**")
        #expect(rest.match(method: "DELETE", pathSegments: segments("/v1/beneficiaries/b")) != nil)
        #expect(rest.match(method: "GET", pathSegments: segments("/v1")) != nil)
        #expect(rest.match(method: "GET", pathSegments: segments("/__stubbank/routes")) == nil)
        let wildcard = try RoutePattern("/v1/cards/*/freeze")
        #expect(wildcard.method == nil)
        #expect(wildcard.match(method: "POST", pathSegments: segments("/v1/cards/c1/freeze")) == [:])
    }

    @Test(arguments: ["FETCH /v1", "GET v1/accounts", "GET /v1/**/x", "GET /a /b"])
    func rejectsBadPatterns(_ text: String) {
        #expect(throws: RoutePatternError.self) { try RoutePattern(text) }
    }

    @Test func suggestsTheClosestRoutes() {
        let table = RouteTable(routes: BankAPI.routes())
        guard case .notFound(let suggestions) = table.match(method: "GET", pathSegments: segments("/v1/acounts")) else {
            Issue.record("expected a miss"); return
        }
        #expect(suggestions.first == "GET /v1/accounts")
        guard case .methodNotAllowed(let allowed) = table.match(method: "PUT", pathSegments: segments("/v1/transfers")) else {
            Issue.record("expected 405"); return
        }
        #expect(allowed == ["POST"])
    }
}
