@testable import ContractKit
import Foundation
import Logging
import StubServer
import StubControl
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
import StubFormats
#endif

/// The driver API's promises, with a tiny client of the test's own against the MyBank stubs.
@Suite struct DriverAPITests {
    static let stubs = HarnessSelfTests.root.appendingPathComponent("Examples/mybank")

    func withHost(_ body: (LiveStub) async throws -> Void) async throws {
        var logger = Logger(label: "driver-api-test")
        logger.logLevel = .critical
        let host = try await LiveStub.start(stubs: Self.stubs, logger: logger)
        do { try await body(host) } catch { await host.stop(); throw error }
        await host.stop()
    }

    /// GETs `/data.json` under `base`; the status, or the URLError code's name.
    static func fetch(_ base: URL, timeout: TimeInterval) async -> String {
        var request = URLRequest(url: base.appendingPathComponent("data.json"))
        request.timeoutInterval = timeout
        do {
            let (_, response) = try await URLSession.shared.data(for: request)
            return String((response as? HTTPURLResponse)?.statusCode ?? 0)
        } catch let error as URLError {
            return "urlError \(error.code.rawValue)"
        } catch {
            return "error"
        }
    }

    /// `data.fetch`: one setup request, then `times` requests; reports what it saw as text.
    static func client() -> ContractClient {
        let client = ContractClient(name: "driver-api-test")
        client.register("data.fetch", prepare: { run in await fetch(run.baseURL, timeout: 5) }) { run, setup in
            var seen = [String]()
            for _ in 0..<(Int(run["times"] ?? "1") ?? 1) { seen.append(await fetch(run.baseURL, timeout: run.timeout)) }
            return OperationReport(domain: DomainReport(count: seen.count),
                                   presentation: PresentationReport(state: "done", text: ["setup \(setup)", "url \(run.baseURL.path)"] + seen))
        }
        client.register("throws") { _ in throw CocoaError(.fileNoSuchFile) }
        return client
    }

    func contractCase(_ id: String, when: String = "data.fetch", with: [String: String]? = nil, given: [ContractCase.Given]? = nil,
                      expect: [ExpectationKey: ReportValue] = [:]) -> ContractCase {
        ContractCase(id: id, persona: nil, summary: nil, given: given, when: when, except: nil, with: with,
                     expect: Expectation(expect), timeoutSeconds: nil, source: nil)
    }

    @Test func theDataLayerIsReadFromTheJournalAndLeavesSetupOut() async throws {
        try await withHost { host in
            let runner = ContractRunner(client: Self.client(), stubURL: host.baseURL)
            let result = await runner.run(contractCase("two", with: ["times": "2"], expect: [.requests: 2, .http: 200]))
            #expect(result.outcome == .passed, "\(result.message ?? "")")
            let observation = try #require(result.observation)
            #expect(observation.data.exchanges.map(\.path) == ["/data.json", "/data.json"])
            #expect(observation.data.exchanges.allSatisfy { $0.route == "GET /data.json [mybank.data]" }, "\(observation.data.exchanges)")
            // The base URL carries the session, so a client with no other seam stays isolated.
            #expect(observation.presentation.text.contains { $0.hasPrefix("url /_s/case-two-") })
            #expect(observation.presentation.text.first == "setup 200")
        }
    }

    @Test func givensApplyAfterSetupAndFaultsAreObservedFromTheStub() async throws {
        try await withHost { host in
            let runner = ContractRunner(client: Self.client(), stubURL: host.baseURL)
            let reset = ContractCase.Given(behaviour: .fault(.reset, on: "GET /data.json"), offline: nil)
            // No request count here: libcurl, under URLSession on Linux, may retry a GET whose
            // reused connection was reset, and the stub's journal shows that honestly.
            let result = await runner.run(contractCase("reset", given: [reset], expect: [.transport: "connectionLost", .fault: "reset"]))
            #expect(result.outcome == .passed, "\(result.message ?? "")")
            #expect(result.observation?.presentation.text.first == "setup 200")
            let wrong = await runner.run(contractCase("reset-wrong", given: [reset], expect: [.http: 200]))
            #expect(wrong.outcome == .failed)
            #expect(wrong.failingLayer == .data)
            #expect(wrong.message == "expected HTTP 200, saw GET /data.json → reset")
        }
    }

    @Test func offlineSendsTheOperationNowhereButLetsSetupThrough() async throws {
        try await withHost { host in
            let runner = ContractRunner(client: Self.client(), stubURL: host.baseURL)
            let offline = ContractCase.Given(behaviour: nil, offline: true)
            let result = await runner.run(contractCase("offline", given: [offline], expect: [.transport: "offline", .requests: 0]))
            #expect(result.outcome == .passed, "\(result.message ?? "")")
            #expect(result.observation?.presentation.text.first == "setup 200")
            #expect(result.observation?.presentation.text.last?.hasPrefix("urlError") == true)
        }
    }

    @Test func anUnregisteredOperationIsNotCoveredAndAThrowingOneIsAnError() async throws {
        try await withHost { host in
            let runner = ContractRunner(client: Self.client(), stubURL: host.baseURL)
            let uncovered = await runner.run(contractCase("x", when: "data.fetc"))
            #expect(uncovered.outcome == .notCovered)
            #expect(uncovered.message == "not covered by this client (driver-api-test) (did you mean data.fetch?)")
            let thrown = await runner.run(contractCase("t", when: "throws"))
            #expect(thrown.outcome == .error)
            #expect(thrown.failingLayer == .setup)
            #expect(thrown.message?.hasPrefix("the operation threw:") == true)
        }
    }

    /// The closure never returns, so reaching the expectation at all proves the deadline did not
    /// wait for it; the time limit bounds the test if that ever breaks.
    @Test(.timeLimit(.minutes(3))) func aClosureThatNeverReturnsIsCutOffAtItsBound() async throws {
        await #expect(throws: Deadline.Exceeded.self) {
            // Ignores cancellation entirely: the deadline must not wait for it.
            try await Deadline.run(seconds: 0.2) { await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } }
        }
        #expect(try await Deadline.run(seconds: 5) { 42 } == 42)
        #expect(CaseExecution.bound(timeout: 1) == 21)
        #expect(CaseExecution.bound(timeout: 30) == 60)
    }
}
