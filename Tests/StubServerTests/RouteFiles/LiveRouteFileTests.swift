import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import HummingbirdTesting
import StubServerTesting
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

/// What a phone's URLSession sees of route files over a real socket.
@Suite struct LiveRouteFileTests {
    private func live(_ body: @escaping @Sendable (StubClient) async throws -> Void) async throws {
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
            try await body(StubClient(port: try #require(client.port)))
            _ = stubs
        }
    }

    @Test func urlSessionSeesASequenceWithAFault() async throws {
        try await live { client in
            // Each request on a connection of its own: URLSession retries a GET once when a
            // kept-alive connection is reset, and would then see the third answer, not the reset.
            let client = { StubClient(baseURL: client.baseURL, session: URLSession(configuration: .ephemeral)) }
            let first = try await client().execute(.get, "/api/feed")
            #expect(first.status == .ok)
            let page = try JSONSerialization.jsonObject(with: Data(first.body)) as? [String: Any]
            #expect(page?["page"] as? Int == 1)
            let second = await #expect(throws: URLError.self) { try await client().execute(.get, "/api/feed") }
            #expect(second?.code == .networkConnectionLost)
            let third = try await client().execute(.get, "/api/feed")
            #expect(third.status == .serviceUnavailable)
        }
    }

    @Test func urlSessionSeesAPreferChoiceAndAPrefixedSession() async throws {
        try await live { client in
            let chosen = try await client.execute(.get, "/api/feed", headers: [HTTPField.Name("Prefer")!: "example=down"])
            #expect(chosen.status == .serviceUnavailable)
            #expect(chosen.headers[.retryAfter] == "9")
            // The Prefer request counted in the default session; a prefixed session starts at page 1.
            let fresh = try await client.execute(.get, "/_s/sim-2/api/feed")
            let page = try JSONSerialization.jsonObject(with: Data(fresh.body)) as? [String: Any]
            #expect(page?["page"] as? Int == 1)
        }
    }
}
