import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HummingbirdTesting
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

/// What a phone's URLSession sees of route files over a real socket.
@Suite struct LiveRouteFileTests {
    private func live(_ body: @escaping @Sendable (LiveClient) async throws -> Void) async throws {
        let stubs = try ScratchStubs(routes: ["routes/api.yaml": """
            routes:
              - id: feed
                request: { method: GET, path: /api/feed }
                mode: sequence
                responses:
                  - body: { page: 1 }
                  - fault: reset
                  - status: 503
                    name: down
                    headers: { Retry-After: "9" }
                    body: { error: { code: busy } }
            """])
        try await withStub(try makeBackend(stubs: stubs.url), mode: .live) { client in
            try await body(LiveClient(port: try #require(client.port)))
            _ = stubs
        }
    }

    @Test func urlSessionSeesASequenceWithAFault() async throws {
        try await live { client in
            let first = await client.get("/api/feed")
            #expect(first.status == 200)
            let page = try JSONSerialization.jsonObject(with: try #require(first.body)) as? [String: Any]
            #expect(page?["page"] as? Int == 1)
            let second = await client.get("/api/feed")
            #expect(second.urlErrorCode == .networkConnectionLost)
            #expect(await client.get("/api/feed").status == 503)
        }
    }

    @Test func urlSessionSeesAPreferChoiceAndAPrefixedSession() async throws {
        try await live { client in
            let chosen = await client.get("/api/feed", headers: ["Prefer": "example=down"])
            guard case .response(let response, _) = chosen else {
                Issue.record("expected a response, got \(chosen)")
                return
            }
            #expect(response.statusCode == 503)
            #expect(response.value(forHTTPHeaderField: "Retry-After") == "9")
            // The Prefer request counted in the default session; a prefixed session starts at page 1.
            let fresh = await client.get("/_s/sim-2/api/feed")
            let page = try JSONSerialization.jsonObject(with: try #require(fresh.body)) as? [String: Any]
            #expect(page?["page"] as? Int == 1)
        }
    }
}
