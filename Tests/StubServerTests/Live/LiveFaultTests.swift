import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import HummingbirdTesting
import StubServerTesting
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine

/// Each fault observed through URLSession over a real socket on an ephemeral port.
@Suite struct LiveFaultTests {
    private func live(_ configure: @escaping (inout StubServerConfiguration) -> Void = { _ in },
                      _ body: @escaping @Sendable (StubClient) async throws -> Void) async throws {
        var configuration = StubServerConfiguration(stubsDirectory: repositoryStubs)
        configure(&configuration)
        let backend = try makeBackend { $0 = configuration; $0.port = 0 }
        try await withStub(backend, mode: .live) { client in
            try await body(StubClient(port: try #require(client.port)))
        }
    }

    /// A body without Content-Length (chunked) must still be read: GETs without either header skip the body.
    @Test func chunkedRequestBodyIsRead() async throws {
        try await live { client in
            let json = #"{"grant_type":"password","username":"alex","password":"pass_good"}"#
            let request = "POST /v1/auth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                + String(json.utf8.count, radix: 16) + "\r\n" + json + "\r\n0\r\n\r\n"
            let port = try #require(client.baseURL.port)
            let answer = try await RawHTTPClient(port: port).send(request).text
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            #expect(answer.contains("\"access_token\""))
        }
    }

    @Test func healthyRequestSucceeds() async throws {
        try await live { client in
            let answer = try await client.execute(.get, "/v1/status")
            #expect(answer.status == .ok)
        }
    }

    @Test func resetIsConnectionLost() async throws {
        try await live { client in
            let error = await #expect(throws: URLError.self) { try await client.execute(.get, "/v1/status", headers: [.stubFault: "reset"]) }
            #expect(error?.code == .networkConnectionLost)
        }
    }

    @Test func closeWithoutResponseIsAnError() async throws {
        try await live { client in
            let error = await #expect(throws: URLError.self) { try await client.execute(.get, "/v1/status", headers: [.stubFault: "empty"]) }
            let code = try #require(error?.code)
            #expect([.badServerResponse, .networkConnectionLost, .zeroByteResource].contains(code), "\(code)")
        }
    }

    @Test func truncatedBodyIsAnError() async throws {
        try await live { client in
            await #expect(throws: URLError.self) { try await client.execute(.get, "/v1/atms", headers: [.stubFault: "truncated"]) }
        }
    }

    @Test func hangTimesOut() async throws {
        try await live { client in
            let started = ContinuousClock.now
            let error = await #expect(throws: URLError.self) {
                try await client.execute(.get, "/v1/status", headers: [.stubFault: "hang"], timeout: 1)
            }
            #expect(error?.code == .timedOut)
            #expect(ContinuousClock.now - started < .seconds(10))
        }
    }

    @Test func offlineScenarioLosesEveryConnectionButAdminAnswers() async throws {
        try await live({ $0.scenario = "offline" }) { client in
            let error = await #expect(throws: URLError.self) { try await client.execute(.get, "/v1/status") }
            #expect(error?.code == .networkConnectionLost)
            let admin = try await client.execute(.get, "/__stubbank/routes")
            #expect(admin.status == .ok)
        }
    }

    @Test func malformedBodyArrivesAsInvalidJSON() async throws {
        try await live { client in
            let answer = try await client.execute(.get, "/v1/status", headers: [.stubFault: "malformed"])
            #expect(answer.status == .ok)
            #expect(!answer.body.isEmpty)
            #expect((try? JSONSerialization.jsonObject(with: Data(answer.body))) == nil)
        }
    }

    @Test func throttledBodyArrivesWhole() async throws {
        try await live { client in
            let plain = try await client.execute(.get, "/v1/atms").body
            let installed = try await client.execute(.post, "/__stubbank/behaviours", headers: [.contentType: "application/json"],
                                                     body: Array(#"{"route":"GET /v1/atms","bandwidth":{"bytesPerSecond":20000,"chunkBytes":256}}"#.utf8))
            #expect(installed.status == .created)
            let started = ContinuousClock.now
            let throttled = try await client.execute(.get, "/v1/atms")
            #expect(throttled.body == plain)
            // At 20 kB/s the body cannot arrive faster than its size allows.
            let floor = Double(plain.count - 256) / 20_000
            #expect(ContinuousClock.now - started >= .milliseconds(Int(floor * 1000)))
        }
    }

    @Test func delayIsHonouredWithoutBlockingOtherRequests() async throws {
        try await live { client in
            let started = ContinuousClock.now
            let outcomes = await withTaskGroup(of: HTTPResponse.Status?.self) { group in
                for _ in 0..<20 {
                    group.addTask { try? await client.execute(.get, "/v1/status", headers: [.stubDelay: "1000"]).status }
                }
                return await group.reduce(into: [HTTPResponse.Status?]()) { $0.append($1) }
            }
            let elapsed = ContinuousClock.now - started
            #expect(outcomes.allSatisfy { $0 == .ok })
            #expect(elapsed >= .milliseconds(1000))
            // 20 × 1 s run together: about 1 s, against the 20 s they would take one after another. The
            // delay is long so that a busy two-core machine's own slowness (it once took 10.7 s for
            // 50 × 300 ms, all suites running) stays small beside it.
            #expect(elapsed < .seconds(14))
        }
    }
}

@Suite struct LivePostFaultTests {
    @Test func postResetOnAFreshConnectionIsConnectionLost() async throws {
        let backend = try makeBackend { $0.port = 0 }
        try await withStub(backend, mode: .live) { client in
            let live = StubClient(port: try #require(client.port))
            // The reset comes at once; the bound only stops a hang, and a busy CI machine (all suites in
            // parallel) once took longer than 3 s to get a fresh connection's POST answered.
            let error = await #expect(throws: URLError.self) {
                try await live.execute(.post, "/v1/support/tickets", headers: [.stubFault: "reset", .contentType: "application/json"],
                                       body: Array(#"{"subject":"a","message":"b"}"#.utf8), timeout: 30)
            }
            #expect(error?.code == .networkConnectionLost)
        }
    }
}
