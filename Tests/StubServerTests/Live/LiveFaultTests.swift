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

    /// A hang sends nothing and keeps the connection open, so the client's own timeout ends it.
    @Test func hangTimesOut() async throws {
        try await live { client in
            let error = await #expect(throws: URLError.self) {
                try await client.execute(.get, "/v1/status", headers: [.stubFault: "hang"], timeout: 1)
            }
            #expect(error?.code == .timedOut)
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

    /// A delay holds up its own answer and no other, and blocks no thread while it waits. A
    /// request delayed ten minutes goes first; twenty more, delayed ten seconds each, must all be
    /// answered while it still waits, each within two minutes. Delays that waited their turn
    /// would wait behind the ten minutes; a delay that held a thread (two cores, two threads)
    /// would leave one for the twenty, 200 s one after another. No stopwatch bounds the run from
    /// above: a busy two-core machine once stalled every test for a minute, far from both.
    @Test func delayIsHonouredWithoutBlockingOtherRequests() async throws {
        let slowAnswered = SlowAnswer()
        try await live { client in
            let slow = Task {
                _ = try? await client.execute(.get, "/v1/status", headers: [.stubDelay: "600000"], timeout: 900)
                await slowAnswered.mark()
            }
            // The client hangs up on the ten minutes, as an app would: the stub need not wait them out to stop.
            defer { slow.cancel() }
            try await Task.sleep(for: .seconds(1))
            let started = ContinuousClock.now
            // Each on a connection of its own: URLSession would send only a few to one host at once.
            let raw = RawHTTPClient(port: try #require(client.baseURL.port))
            let outcomes = await withTaskGroup(of: Int?.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try? await raw.send("GET /v1/status HTTP/1.1\r\nHost: x\r\nX-Stub-Delay: 10000\r\n\r\n",
                                            timeout: .seconds(120), until: .firstResponse()).status
                    }
                }
                return await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(outcomes.allSatisfy { $0 == 200 }, "\(outcomes)")
            #expect(ContinuousClock.now - started >= .seconds(10))
            #expect(await !slowAnswered.answered, "the ten-minute delay ended early")
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

/// Whether a request sent in the background has come back.
private actor SlowAnswer {
    private(set) var answered = false
    func mark() { answered = true }
}
