import Foundation
import HummingbirdTesting
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine

/// Each fault observed through URLSession over a real socket on an ephemeral port.
@Suite struct LiveFaultTests {
    private func live(_ configure: @escaping (inout StubServerConfiguration) -> Void = { _ in },
                      _ body: @escaping @Sendable (LiveClient) async throws -> Void) async throws {
        var configuration = StubServerConfiguration(stubsDirectory: repositoryStubs)
        configure(&configuration)
        let backend = try makeBackend { $0 = configuration; $0.port = 0 }
        try await withStub(backend, mode: .live) { client in
            try await body(LiveClient(port: try #require(client.port)))
        }
    }

    /// A body without Content-Length (chunked) must still be read: GETs without either header skip the body.
    @Test func chunkedRequestBodyIsRead() async throws {
        try await live { client in
            let json = #"{"grant_type":"password","username":"alex","password":"pass_good"}"#
            let request = "POST /v1/auth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                + String(json.utf8.count, radix: 16) + "\r\n" + json + "\r\n0\r\n\r\n"
            let answer = try await RawHTTP.exchange(port: client.port, request: request)
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            #expect(answer.contains("\"access_token\""))
        }
    }

    @Test func healthyRequestSucceeds() async throws {
        try await live { client in
            let outcome = await client.get("/v1/status")
            #expect(outcome.status == 200)
        }
    }

    @Test func resetIsConnectionLost() async throws {
        try await live { client in
            let outcome = await client.get("/v1/status", headers: ["X-Stub-Fault": "reset"])
            #expect(outcome.urlErrorCode == .networkConnectionLost, "\(outcome)")
        }
    }

    @Test func closeWithoutResponseIsAnError() async throws {
        try await live { client in
            let outcome = await client.get("/v1/status", headers: ["X-Stub-Fault": "empty"])
            let code = try #require(outcome.urlErrorCode, "\(outcome)")
            #expect([.badServerResponse, .networkConnectionLost, .zeroByteResource].contains(code), "\(code)")
        }
    }

    @Test func truncatedBodyIsAnError() async throws {
        try await live { client in
            let outcome = await client.get("/v1/atms", headers: ["X-Stub-Fault": "truncated"])
            #expect(outcome.urlErrorCode != nil, "\(outcome)")
        }
    }

    @Test func hangTimesOut() async throws {
        try await live { client in
            let started = ContinuousClock.now
            let outcome = await client.get("/v1/status", headers: ["X-Stub-Fault": "hang"], timeout: 1)
            #expect(outcome.urlErrorCode == .timedOut, "\(outcome)")
            #expect(ContinuousClock.now - started < .seconds(10))
        }
    }

    @Test func offlineScenarioLosesEveryConnectionButAdminAnswers() async throws {
        try await live({ $0.scenario = "offline" }) { client in
            #expect(await client.get("/v1/status").urlErrorCode == .networkConnectionLost)
            #expect(await client.get("/__stubbank/routes").status == 200)
        }
    }

    @Test func malformedBodyArrivesAsInvalidJSON() async throws {
        try await live { client in
            let outcome = await client.get("/v1/status", headers: ["X-Stub-Fault": "malformed"])
            let body = try #require(outcome.body)
            #expect(outcome.status == 200)
            #expect((try? JSONSerialization.jsonObject(with: body)) == nil)
        }
    }

    @Test func throttledBodyArrivesWhole() async throws {
        try await live { client in
            let plain = try #require(await client.get("/v1/atms").body)
            let installed = await client.send("POST", "/__stubbank/behaviours",
                                              json: #"{"route":"GET /v1/atms","bandwidth":{"bytesPerSecond":20000,"chunkBytes":256}}"#)
            #expect(installed.status == 201)
            let started = ContinuousClock.now
            let throttled = await client.get("/v1/atms")
            #expect(throttled.body == plain)
            // At 20 kB/s the body cannot arrive faster than its size allows.
            let floor = Double(plain.count - 256) / 20_000
            #expect(ContinuousClock.now - started >= .milliseconds(Int(floor * 1000)))
        }
    }

    @Test func delayIsHonouredWithoutBlockingOtherRequests() async throws {
        try await live { client in
            let started = ContinuousClock.now
            let outcomes = await withTaskGroup(of: Int?.self) { group in
                for _ in 0..<50 {
                    group.addTask { await client.get("/v1/status", headers: ["X-Stub-Delay": "300"]).status }
                }
                return await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            let elapsed = ContinuousClock.now - started
            #expect(outcomes.allSatisfy { $0 == 200 })
            #expect(elapsed >= .milliseconds(300))
            // 50 × 300 ms run together: far less than the 15 s they would take one after another
            // (the bound leaves room for a busy two-core machine).
            #expect(elapsed < .seconds(10))
        }
    }
}

@Suite struct LivePostFaultTests {
    @Test func postResetOnAFreshConnectionIsConnectionLost() async throws {
        let backend = try makeBackend { $0.port = 0 }
        try await withStub(backend, mode: .live) { client in
            let live = LiveClient(port: try #require(client.port))
            // The reset comes at once; the bound only stops a hang, and a busy CI machine (all suites in
            // parallel) once took longer than 3 s to get a fresh connection's POST answered.
            let outcome = await live.send("POST", "/v1/support/tickets", json: #"{"subject":"a","message":"b"}"#,
                                          headers: ["X-Stub-Fault": "reset"], timeout: 30)
            #expect(outcome.urlErrorCode == .networkConnectionLost, "\(outcome)")
        }
    }
}
