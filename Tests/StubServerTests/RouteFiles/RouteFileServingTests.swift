import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubServerTesting
import Testing

/// Route files served in process: selection, defaults, near misses, and every behaviour surface.
@Suite struct RouteFileServingTests {
    static let users = """
        defaults:
          headers: { Cache-Control: no-store }
          responses:
            - when: { headers: { Authorization: { absent: true } } }
              status: 401
              body: { error: { code: unauthorized } }
        routes:
          - id: users.get
            request: { method: GET, path: "/api/users/{userId}" }
            responses:
              - when: { path: { userId: "404" } }
                status: 404
                bodyFile: bodies/not-found.json
              - body: { id: "{{path.userId}}", visit: "{{counter}}", at: "{{now}}" }
          - id: users.search
            request:
              method: POST
              path: /api/users/search
              query: { mode: { matches: "fast|slow" } }
              headers: { X-Client: ios }
              body: { "$.filter.country": GB }
            responses:
              - body: { found: 1 }
          - id: feed
            request: { method: GET, path: /api/feed }
            mode: sequence
            responses:
              - body: { page: 1 }
              - body: { page: 2 }
                name: second
              - status: 503
                headers: { Retry-After: "5" }
                body: { error: { code: busy } }
          - id: ring
            request: { method: GET, path: /api/ring }
            mode: sequence
            then: loop
            responses: [ { body: a }, { body: b } ]
          - id: dice
            request: { method: GET, path: /api/dice }
            mode: random
            responses: [ { body: "1" }, { body: "2" }, { body: "3" }, { body: "4" }, { body: "5" }, { body: "6" } ]
          - id: plain
            request: { method: GET, path: /api/plain }
            responses:
              - when: { query: { kind: empty } }
                body: []
              - body: [1]
          - id: once
            request: { method: GET, path: /api/once }
            responses:
              - { status: 201, body: first, times: 1 }
              - { status: 200, body: later }
        """

    private let auth = ["Authorization": "Bearer t"]

    private func stubs(_ extra: [String: String] = [:], bank: Bool = false) throws -> ScratchStubs {
        let stubs = try ScratchStubs(bank: bank)
        try stubs.write("routes/api/users.yaml", Self.users)
        try stubs.write("routes/api/bodies/not-found.json", #"{"error":{"code":"user_not_found"}}"#)
        for (path, text) in extra { try stubs.write(path, text) }
        return stubs
    }

    @Test func servesTemplatedBodiesAndFolderDefaults() async throws {
        let scratch = try stubs()
        let clock = TestClock()
        try await withStub(try makeBackend(stubs: scratch.url, clock: clock)) { [auth] client in
            let ok = try await client.send(.get, "/api/users/7", headers: auth)
            #expect(ok.status == .ok)
            #expect(ok.header("Cache-Control") == "no-store")
            #expect(ok.header("Content-Type") == "application/json")
            #expect(ok.json["id"] as? String == "7")
            #expect(ok.json["visit"] as? String == "1")
            #expect(ok.json["at"] as? String == UTCTimestamp.dateTime(clock.date))
            #expect(try await client.send(.get, "/api/users/7", headers: auth).json["visit"] as? String == "2")
            let missing = try await client.send(.get, "/api/users/404", headers: auth)
            #expect(missing.status == .notFound)
            #expect(missing.errorBody["code"] as? String == "user_not_found")
            let anonymous = try await client.send(.get, "/api/users/7")
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.header("Cache-Control") == "no-store")
        }
    }

    @Test func stringHelpersAndRandomCharactersNeverReadTheRequestAsATemplate() async throws {
        let scratch = try ScratchStubs(routes: ["routes/helpers.yaml": """
            routes:
              - request: { path: /helpers }
                responses:
                  - headers: { X-Name: "{{#capitalize}}{{query.name}}{{/capitalize}}" }
                    body:
                      upper: "{{#upper}}{{query.q}}{{/upper}}"
                      trimmed: "[{{#trim}}  {{query.name}}  {{/trim}}]"
                      encoded: "{{#urlEncode}}{{query.q}}{{/urlEncode}}"
                      code: "{{#random}}hex 8{{/random}}"
                      pin: "{{#random}}numeric 4{{/random}}"
            """])
        try await withStub(try makeBackend(stubs: scratch.url)) { client in
            let answer = try await client.send(.get, "/helpers?name=ada%20lovelace&q=%7B%7Buuid%7D%7D%22x")
            #expect(answer.header("X-Name") == "Ada Lovelace")
            #expect(answer.json["upper"] as? String == "{{UUID}}\"X", "the value is escaped for JSON and not rendered again")
            #expect(answer.json["trimmed"] as? String == "[ada lovelace]")
            #expect(answer.json["encoded"] as? String == "%7B%7Buuid%7D%7D%22x")
            #expect((answer.json["code"] as? String)?.wholeMatch(of: /[0-9a-f]{8}/) != nil)
            #expect((answer.json["pin"] as? String)?.wholeMatch(of: /[0-9]{4}/) != nil)
        }
    }

    @Test func matchesQueryHeadersAndBodyAndExplainsNearMisses() async throws {
        let scratch = try stubs()
        try await withStub(try makeBackend(stubs: scratch.url)) { [auth] client in
            var headers = auth
            headers["X-Client"] = "ios"
            let hit = try await client.send(.post, "/api/users/search?mode=fast", json: #"{"filter":{"country":"GB"}}"#, headers: headers)
            #expect(hit.json["found"] as? Int == 1)

            let wrongBody = try await client.send(.post, "/api/users/search?mode=fast", json: #"{"filter":{"country":"FR"}}"#, headers: headers)
            #expect(wrongBody.status == .notFound)
            #expect(wrongBody.errorBody["code"] as? String == "route_not_found")
            let details = wrongBody.errorBody["details"] as? [[String: Any]] ?? []
            #expect(details.first?["path"] as? String == "POST /api/users/search")
            #expect((details.first?["message"] as? String)?.contains("body $.filter.country expected \"GB\", got \"FR\"") == true)
            #expect((details.first?["message"] as? String)?.hasPrefix("routes/api/users.yaml:") == true)

            let wrongQuery = try await client.send(.post, "/api/users/search?mode=turbo", json: #"{"filter":{"country":"GB"}}"#, headers: headers)
            #expect((wrongQuery.errorBody["message"] as? String)?.contains("query mode expected to match /fast|slow/, got \"turbo\"") == true)

            let wrongMethod = try await client.send(.get, "/api/feeds", headers: auth)
            #expect((wrongMethod.errorBody["message"] as? String)?.contains("GET /api/feed (path segment 2 is \"feeds\"") == true)

            let wrongHeader = try await client.send(.post, "/api/users/search?mode=fast", json: #"{"filter":{"country":"GB"}}"#, headers: auth)
            #expect((wrongHeader.errorBody["message"] as? String)?.contains("header X-Client expected \"ios\", got missing") == true)
        }
    }

    /// A route with no templates, sequence, times or latency answers without per-session state,
    /// but still honours the folder's conditional 401 and its own `when`.
    @Test func statelessRoutesStillChooseByWhen() async throws {
        let scratch = try stubs()
        try await withStub(try makeBackend(stubs: scratch.url)) { [auth] (client: any TestClientProtocol) async throws in
            #expect(try await client.send(.get, "/api/plain").status == .unauthorized)
            #expect(try await client.send(.get, "/api/plain?kind=empty", headers: auth).text == "[]")
            #expect(try await client.send(.get, "/api/plain", headers: auth).text == "[1]")
        }
    }

    @Test func sequencesStopAtTheLastOrLoopPerSession() async throws {
        let scratch = try stubs()
        try await withStub(try makeBackend(stubs: scratch.url)) { [auth] client in
            var pages: [Int] = []
            for _ in 0..<4 { pages.append(Int(try await client.send(.get, "/api/feed", headers: auth).status.code)) }
            #expect(pages == [200, 200, 503, 503])
            var ring: [String] = []
            for _ in 0..<5 { ring.append(try await client.send(.get, "/api/ring", headers: auth).text) }
            #expect(ring == ["a", "b", "a", "b", "a"])
            // Another session starts its own sequence.
            var other = auth
            other["X-Stub-Session"] = "other"
            #expect(try await client.send(.get, "/api/feed", headers: other).json["page"] as? Int == 1)
            // Reset of the default session starts it over.
            #expect(try await client.send(.post, "/__stubbank/reset?session=default").status == .ok)
            #expect(try await client.send(.get, "/api/feed", headers: auth).json["page"] as? Int == 1)
        }
    }

    @Test func randomIsSeededAndTimesRetireAResponse() async throws {
        let scratch = try stubs()
        func rolls(seed: UInt64) async throws -> [String] {
            try await withStub(try makeBackend(stubs: scratch.url) { $0.seed = seed }) { [auth] client in
                var rolls: [String] = []
                for _ in 0..<12 { rolls.append(try await client.send(.get, "/api/dice", headers: auth).text) }
                return rolls
            }
        }
        let first = try await rolls(seed: 1)
        #expect(try await rolls(seed: 1) == first)
        #expect(try await rolls(seed: 2) != first)
        #expect(Set(first).count > 1)
        try await withStub(try makeBackend(stubs: scratch.url)) { [auth] (client: any TestClientProtocol) async throws in
            #expect(try await client.send(.get, "/api/once", headers: auth).status == .created)
            #expect(try await client.send(.get, "/api/once", headers: auth).text == "later")
            #expect(try await client.send(.get, "/api/once", headers: auth).text == "later")
        }
    }

    @Test func preferPicksByCodeOrNameAndSaysWhatExists() async throws {
        let scratch = try stubs()
        try await withStub(try makeBackend(stubs: scratch.url)) { [auth] client in
            var headers = auth
            headers["Prefer"] = "code=503"
            let busy = try await client.send(.get, "/api/feed", headers: headers)
            #expect(busy.status == .serviceUnavailable)
            #expect(busy.header("Retry-After") == "5")
            headers["Prefer"] = "example=second"
            #expect(try await client.send(.get, "/api/feed", headers: headers).json["page"] as? Int == 2)
            headers["Prefer"] = "code=418"
            let none = try await client.send(.get, "/api/feed", headers: headers)
            #expect(none.status == .notFound)
            #expect(none.errorBody["code"] as? String == "prefer_unmatched")
            #expect((none.errorBody["message"] as? String)?.contains("codes 200, 401, 503; examples second") == true)
            headers["Prefer"] = "return=minimal"
            #expect(try await client.send(.get, "/api/feed", headers: headers).status == .ok)
        }
    }

    /// Headers, admin behaviours and scenarios reach route-file routes like the bank's.
    @Test func everyBehaviourSurfaceWorksOnUserRoutes() async throws {
        let scratch = try stubs(["scenarios/down.yaml": """
            name: down
            description: Everything under /api answers 503.
            behaviours:
              - route: "* /api/**"
                status: 503
            """])
        try await withStub(try makeBackend(stubs: scratch.url)) { [auth] client in
            var headers = auth
            headers["X-Stub-Status"] = "502"
            #expect(try await client.send(.get, "/api/users/1", headers: headers).status == .badGateway)

            let install = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /api/users/{id}","status":500,"times":1}"#)
            #expect(install.status == .created)
            #expect(try await client.send(.get, "/api/users/1", headers: auth).status == .internalServerError)
            #expect(try await client.send(.get, "/api/users/1", headers: auth).status == .ok)

            #expect(try await client.send(.put, "/__stubbank/scenario", json: #"{"name":"down"}"#).status == .ok)
            #expect(try await client.send(.get, "/api/feed", headers: auth).status == .serviceUnavailable)
            #expect(try await client.send(.delete, "/__stubbank/scenario").status == .noContent)

            let journal = try await client.send(.get, "/__stubbank/journal?limit=1")
            let entry = try #require(journal.dataList.first)
            #expect(entry["route"] as? String == "GET /api/feed [feed]")
            let routes = try await client.send(.get, "/__stubbank/routes")
            #expect(routes.dataList.contains { $0["operationId"] as? String == "feed" && ($0["source"] as? String)?.hasPrefix("routes/api/users.yaml:") == true })
        }
    }

    /// `/_s/<session>/` and `X-Stub-Session` are the same session.
    @Test func sessionPrefixIsTheSameSessionAsTheHeader() async throws {
        let scratch = try stubs()
        try await withStub(try makeBackend(stubs: scratch.url)) { [auth] client in
            #expect(try await client.send(.get, "/_s/phone-1/api/feed", headers: auth).json["page"] as? Int == 1)
            var header = auth
            header["X-Stub-Session"] = "phone-1"
            #expect(try await client.send(.get, "/api/feed", headers: header).json["page"] as? Int == 2)
            #expect(try await client.send(.get, "/api/feed", headers: auth).json["page"] as? Int == 1)
            header["X-Stub-Session"] = "phone-2"
            let clash = try await client.send(.get, "/_s/phone-1/api/feed", headers: header)
            #expect(clash.status == .badRequest)
            #expect((clash.errorBody["details"] as? [[String: Any]])?.first?["path"] as? String == "X-Stub-Session")
            #expect(try await client.send(.get, "/_s/bad name/api/feed", headers: auth).status == .badRequest)
        }
    }

    /// The bank's sessions work by prefix too: a sign-in through `/_s/sim-a/` belongs to session sim-a.
    @Test func sessionPrefixIsolatesTheBuiltInBank() async throws {
        try await withStub(try makeBackend()) { client in
            let signIn = try await client.send(.post, "/_s/sim-a/v1/auth/token",
                                               json: #"{"grant_type":"password","username":"alex","password":"pass_good"}"#)
            let inA = try #require(signIn.json["access_token"] as? String)
            let inDefault = try await client.login()
            #expect(try await client.send(.get, "/_s/sim-a/v1/accounts", token: inA).status == .ok)
            #expect(try await client.send(.post, "/__stubbank/reset?session=sim-a").status == .ok)
            #expect(try await client.send(.get, "/_s/sim-a/v1/accounts", token: inA).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/accounts", token: inDefault).status == .ok)
        }
    }

    @Test func routeFilesComeBeforeTheBankAndTheBankStillServes() async throws {
        let scratch = try stubs(["routes/override.yaml": """
            routes:
              - request: { method: GET, path: /v1/status }
                responses: [ { body: { status: overridden } } ]
            """], bank: true)
        try await withStub(try makeBackend(stubs: scratch.url)) { client in
            #expect(try await client.send(.get, "/v1/status").json["status"] as? String == "overridden")
            #expect(try await client.send(.get, "/v1/atms").status == .ok)
            let missing = try await client.send(.get, "/v1/acounts")
            #expect((missing.errorBody["message"] as? String)?.contains("GET /v1/accounts") == true)
        }
    }

    @Test func reloadServesNewRoutesAndABrokenFileKeepsTheLastGoodSet() async throws {
        let scratch = try stubs()
        try await withStub(try makeBackend(stubs: scratch.url)) { [auth] client in
            try scratch.write("routes/new.yaml", "routes:\n  - request: { path: /api/new }\n    responses: [ { body: fresh } ]\n")
            #expect(try await client.send(.post, "/__stubbank/reload").status == .ok)
            #expect(try await client.send(.get, "/api/new", headers: auth).text == "fresh")
            try scratch.write("routes/new.yaml", "routes:\n  - request: { path: /api/new }\n    responsez: []\n")
            let broken = try await client.send(.post, "/__stubbank/reload")
            #expect(broken.status == .unprocessableContent)
            let detail = (broken.errorBody["details"] as? [[String: Any]])?.first
            #expect(detail?["path"] as? String == "routes/new.yaml:3")
            #expect((detail?["message"] as? String)?.contains("unknown field \"responsez\"") == true)
            #expect(try await client.send(.get, "/api/new", headers: auth).text == "fresh")
        }
    }
}
