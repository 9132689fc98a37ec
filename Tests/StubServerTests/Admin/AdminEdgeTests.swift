import Foundation
import HTTPTypes
import HummingbirdTesting
import StubServerTesting
@testable import StubServer
@testable import StubEngine
import Testing

/// The admin API's edges that a client or a browser meets: bounds it refuses naming the field,
/// the 405's `Allow`, the browser checks, and what clearing a scenario or reloading puts back.
@Suite struct AdminEdgeTests {
    @Test(arguments: ["0", "-1", "ten", "1.5"])
    func aJournalLimitThatIsNotPositiveIsRefusedNamingIt(_ limit: String) async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.get, "/__stubbank/journal?limit=\(limit)")
            #expect(response.status == .badRequest)
            #expect((response.errorBody["details"] as? [[String: Any]])?.first?["path"] as? String == "limit")
        }
    }

    /// Each admin path's `Allow` names every method it takes, so a client learns them from a 405.
    @Test(arguments: [
        ("GET", "/__stubbank/scenario", "PUT, DELETE"), ("PUT", "/__stubbank/behaviours", "GET, POST, DELETE"),
        ("GET", "/__stubbank/reset", "POST"), ("POST", "/__stubbank/journal", "GET, DELETE"),
        ("GET", "/__stubbank/behaviours/bhv_1", "DELETE"), ("DELETE", "/__stubbank/journal/1", "GET"),
        ("POST", "/__stubbank/routes", "GET"), ("GET", "/__stubbank/tokens/expire", "POST"),
    ])
    func aWrongMethodIs405WithEveryMethodThePathTakes(_ method: String, _ path: String, _ allowed: String) async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(HTTPRequest.Method(method)!, path)
            #expect(response.status == .methodNotAllowed)
            #expect(response.header("Allow") == allowed)
        }
    }

    /// What a browser sends for a URL typed in the address bar (`Sec-Fetch-Site: none`) or a
    /// page of the stub's own origin, in any case, is the developer's own: it passes.
    @Test func theDevelopersOwnBrowserRequestsPass() async throws {
        let backend = try makeBackend { $0.port = 0 }
        try await withStub(backend, mode: .live) { client in
            let port = try #require(client.port)
            for extra in ["Sec-Fetch-Site: none\r\n", "Sec-Fetch-Site: same-origin\r\n", "Sec-Fetch-Site: NONE\r\n",
                          "Origin: http://LOCALHOST:\(port)\r\n", "Origin: http://localhost:\(port)\r\nSec-Fetch-Site: same-origin\r\n"] {
                let response = try await RawHTTPClient(port: port).send("GET /__stubbank/behaviours HTTP/1.1\r\nHost: localhost:\(port)\r\n"
                    + extra + "Connection: close\r\n\r\n").text
                #expect(response.hasPrefix("HTTP/1.1 200"), "\(extra): \(response)")
            }
            for extra in ["Sec-Fetch-Site: same-site\r\n", "Origin: http://localhost.evil.example:\(port)\r\n"] {
                let response = try await RawHTTPClient(port: port).send("GET /__stubbank/behaviours HTTP/1.1\r\nHost: localhost:\(port)\r\n"
                    + extra + "Connection: close\r\n\r\n").text
                #expect(response.hasPrefix("HTTP/1.1 403"), "\(extra): \(response)")
            }
        }
    }

    /// `PUT /__stubbank/scenario` answers the scenario now active. A body without a name clears
    /// it and answers `{"name": null}`, a field a client can read, not a missing one; an explicit
    /// `null` is refused naming the field, as every admin body's is.
    @Test func choosingNoScenarioAnswersANullName() async throws {
        try await withStub(try makeBackend()) { client in
            let chosen = try await client.send(.put, "/__stubbank/scenario", json: #"{"name":"session-expiry"}"#)
            #expect(chosen.json["name"] as? String == "session-expiry")
            let cleared = try await client.send(.put, "/__stubbank/scenario", json: "{}")
            #expect(cleared.status == .ok)
            #expect(cleared.json.keys.sorted() == ["name"])
            #expect(cleared.json["name"] is NSNull)
            #expect(try await client.send(.get, "/__stubbank/scenarios").json["active"] == nil)
            let null = try await client.send(.put, "/__stubbank/scenario", json: #"{"name":null}"#)
            #expect(null.status == .badRequest)
            let detail = (null.errorBody["details"] as? [[String: Any]])?.first
            #expect(detail?["path"] as? String == "name")
            #expect(detail?["code"] as? String == "null_not_allowed")
        }
    }

    /// Clearing a scenario takes its settings away too: tokens issued after live the stub's own lifetime.
    @Test(arguments: ["DELETE", "PUT"])
    func clearingAScenarioPutsTheTokenLifetimeBack(_ method: String) async throws {
        try await withStub(try makeBackend { $0.scenario = "session-expiry" }) { client in
            let login = #"{"grant_type":"password","username":"alex","password":"pass_good"}"#
            #expect(try await client.send(.post, "/v1/auth/token", json: login).json["expires_in"] as? Int == 5)
            let cleared = method == "DELETE" ? try await client.send(.delete, "/__stubbank/scenario")
                : try await client.send(.put, "/__stubbank/scenario", json: "{}")
            #expect(cleared.status.kind == .successful)
            #expect(try await client.send(.post, "/v1/auth/token", json: login).json["expires_in"] as? Int == 900)
        }
    }

    /// A reload starts every route file's sequence again, as the new files may differ.
    @Test func aReloadStartsSequencesAgain() async throws {
        let scratch = try ScratchStubs(routes: ["routes/steps.yaml": """
            routes:
              - request: { path: /api/step }
                mode: sequence
                responses: [ { body: one }, { body: two } ]
            """])
        try await withStub(try makeBackend(stubs: scratch.url)) { client in
            let first = try await client.send(.get, "/api/step")
            #expect(first.text == "one")
            #expect(try await client.send(.get, "/api/step").text == "two")
            #expect(try await client.send(.post, "/__stubbank/reload").status == .ok)
            #expect(try await client.send(.get, "/api/step").text == "one")
        }
    }
}
