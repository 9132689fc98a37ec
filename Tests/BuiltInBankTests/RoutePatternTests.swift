import Testing
@testable import BuiltInBank
@testable import StubEngine

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

    /// The table indexes routes by segment count; every route must still be found, first declared first.
    @Test func findsEveryRouteThroughItsIndex() throws {
        let table = RouteTable(routes: BankAPI.routes())
        for route in table.routes {
            let path = "/" + route.pattern.segments.map { segment -> String in
                switch segment {
                case .literal(let text): return text
                default: return "p1"
                }
            }.joined(separator: "/")
            guard case .found(let found, _) = table.match(method: route.pattern.method ?? "GET", pathSegments: segments(path)) else {
                Issue.record("\(route.pattern) not found for \(path)"); continue
            }
            // A literal route declared earlier may legitimately win for "p1"; it must match the path too.
            #expect(found.pattern.matchPath(segments(path)) != nil)
            if !route.pattern.segments.contains(where: { if case .parameter = $0 { return true } else { return false } }) {
                #expect(found.operationId == route.operationId)
            }
        }
    }

    @Test func restPatternsMatchLongerPathsInDeclarationOrder() throws {
        let routes = [
            Route("GET /v1/accounts", "list", "list", auth: false) { _ in .noContent },
            Route("GET /v1/**", "anyV1", "any", auth: false) { _ in .noContent },
            Route("GET /v1/accounts/{id}", "one", "one", auth: false) { _ in .noContent },
        ]
        let table = RouteTable(routes: routes)
        func operation(_ path: String) -> String? {
            if case .found(let route, _) = table.match(method: "GET", pathSegments: segments(path)) { return route.operationId }
            return nil
        }
        #expect(operation("/v1/accounts") == "list")
        #expect(operation("/v1/accounts/a1") == "anyV1")
        #expect(operation("/v1") == "anyV1")
        #expect(operation("/v1/a/b/c/d/e/f/g/h/i") == "anyV1")
        #expect(operation("/v2") == nil)
    }
}
