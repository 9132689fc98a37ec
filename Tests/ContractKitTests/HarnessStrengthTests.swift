@testable import ContractKit
import Foundation
import Logging
import NIOConcurrencyHelpers
import StubServer
import StubControl
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
import StubFormats
#endif

/// What the harness can now say and create: counts, signals with a bounded wait, concurrent
/// callers, per-route counts, raw transport errors and zones.
@Suite struct HarnessStrengthTests {
    func withHost(_ body: (LiveStub) async throws -> Void) async throws {
        var logger = Logger(label: "harness-strength-test")
        logger.logLevel = .critical
        let host = try await LiveStub.start(stubs: DriverAPITests.stubs, logger: logger)
        do { try await body(host) } catch { await host.stop(); throw error }
        await host.stop()
    }

    /// `signal.fire`: fires `signal` `fires` times, `late` after returning (as a stream would);
    /// `fetch.many`: GETs `/data.json` once per caller and records the transport's URLError.
    static func client(starts: NIOLockedValueBox<[Int]> = NIOLockedValueBox([])) -> ContractClient {
        let client = ContractClient(name: "harness-strength-test", zones: ["Europe/London", "Pacific/Auckland"])
        client.register("signal.fire") { run in
            let fires = Int(run["fires"] ?? "1") ?? 1
            if run["late"] == "yes" {
                let log = run.log
                Task { for _ in 0..<fires { await Task.yield(); log.signal("sessionExpired") } }
            } else {
                for _ in 0..<fires { run.log.signal("sessionExpired") }
            }
            return OperationReport(domain: DomainReport(), presentation: PresentationReport(state: "done", text: [run.zone ?? "none"], rows: 2, sections: 1))
        }
        client.register("fetch.many") { run in
            starts.withLockedValue { $0.append(run.caller) }
            var request = URLRequest(url: run.baseURL.appendingPathComponent("data.json"))
            request.timeoutInterval = run.timeout
            do {
                _ = try await URLSession.shared.data(for: request)
            } catch {
                run.log.transportError(error)
            }
            return OperationReport(domain: DomainReport(count: run.caller == 3 ? 0 : 1), presentation: PresentationReport(state: "done"))
        }
        return client
    }

    func contractCase(_ id: String, _ when: String, with: [String: String]? = nil, given: [ContractCase.Given]? = nil,
                      concurrency: Int? = nil, expect: [ExpectationKey: ReportValue]) -> ContractCase {
        ContractCase(id: id, given: given, when: when, with: with, expect: Expectation(expect), concurrency: concurrency)
    }

    @Test(.timeLimit(.minutes(3))) func aSignalThatArrivesLateIsWaitedForAndCounted() async throws {
        try await withHost { host in
            let runner = ContractRunner(client: Self.client(), stubURL: host.baseURL)
            let late = await runner.run(contractCase("late", "signal.fire", with: ["late": "yes"], expect: [.signals: ["sessionExpired": 1]]))
            #expect(late.outcome == .passed, "\(late.message ?? "")")
            let twice = await runner.run(contractCase("twice", "signal.fire", with: ["fires": "2"], expect: [.signals: ["sessionExpired": 1]]))
            #expect(twice.outcome == .failed)
            #expect(twice.message?.contains("expected signal sessionExpired 1 time, saw 2") == true, "\(twice.message ?? "")")
        }
    }

    @Test(.timeLimit(.minutes(3))) func aSignalThatNeverComesFailsAfterTheBoundInsteadOfHanging() async throws {
        try await withHost { host in
            let runner = ContractRunner(client: Self.client(), stubURL: host.baseURL)
            let never = await runner.run(contractCase("never", "signal.fire", with: ["fires": "0"], expect: [.signals: ["sessionExpired": 1]]))
            #expect(never.outcome == .failed)
            #expect(never.message?.contains("saw 0 (waited up to 3 s)") == true, "\(never.message ?? "")")
        }
    }

    @Test func aWaiterIsReleasedWhenTheLogFinishes() async {
        let log = RunLog()
        let cleaned = NIOLockedValueBox(false)
        log.whenFinished { cleaned.withLockedValue { $0 = true } }
        async let waited: Void = log.waitForSignals(["never": 1], seconds: 600)
        log.finish()
        await waited
        #expect(cleaned.withLockedValue { $0 })
    }

    @Test func concurrentCallersStartTogetherAndEveryOneMustMatch() async throws {
        try await withHost { host in
            let starts = NIOLockedValueBox<[Int]>([])
            let runner = ContractRunner(client: Self.client(starts: starts), stubURL: host.baseURL)
            let result = await runner.run(contractCase("ten", "fetch.many", concurrency: 10,
                                                       expect: [.served: ["GET /data.json [mybank.data]": 10], .count: 1]))
            #expect(Set(starts.withLockedValue { $0 }) == Set(0..<10))
            // Caller 4 (index 3) reports a different count: the case fails and names it.
            #expect(result.outcome == .failed)
            #expect(result.failingLayer == .domain)
            #expect(result.message == "caller 4 of 10: expected 1 items, saw 0", "\(result.message ?? "")")
            #expect(result.observation?.callers?.count == 10)
            #expect(result.observation?.data.exchanges.count == 10)
        }
    }

    @Test func servedCountsPerRouteAndTheRawURLErrorAreObserved() async throws {
        try await withHost { host in
            let runner = ContractRunner(client: Self.client(), stubURL: host.baseURL)
            let wrong = await runner.run(contractCase("served", "fetch.many", expect: [.served: ["GET /data.json [mybank.data]": 2]]))
            #expect(wrong.message?.hasPrefix("expected 2 × GET /data.json [mybank.data], saw 1") == true, "\(wrong.message ?? "")")
            let offline = await runner.run(contractCase("offline", "fetch.many", given: [.init(offline: true)],
                                                        expect: [.transport: "offline", .urlError: "cannotConnectToHost"]))
            #expect(offline.outcome == .passed, "\(offline.message ?? "")")
            let hang = await runner.run(ContractCase(id: "hang", given: [.init(behaviour: .fault(.hang, on: "GET /data.json"))],
                                                     when: "fetch.many", expect: Expectation([.urlError: "timedOut", .transport: "timeout"]),
                                                     timeoutSeconds: 1))
            #expect(hang.outcome == .passed, "\(hang.message ?? "")")
        }
    }

    @Test func rowsAndSectionsAreCompared() {
        let observation = Observation(data: DataObservation(exchanges: []), domain: DomainReport(),
                                      presentation: PresentationReport(state: "content", rows: 21, sections: 17))
        #expect(CaseChecker.check(Expectation([.rows: 21, .sections: 17]), against: observation) == nil)
        #expect(CaseChecker.check(Expectation([.rows: 22]), against: observation)?.1 == "expected 22 rows, saw 21")
        #expect(CaseChecker.check(Expectation([.sections: 16]), against: observation)?.1 == "expected 16 sections, saw 17")
    }

    @Test func replayedAnswersAreCountedFromTheJournal() {
        let data = DataObservation(exchanges: [
            ServedExchange(method: "POST", path: "/v1/transfers", route: "POST /v1/transfers", status: 201, fault: "reset-after"),
            ServedExchange(method: "POST", path: "/v1/transfers", route: "POST /v1/transfers", status: 201, replayed: true),
        ])
        let observation = Observation(data: data, domain: DomainReport(), presentation: PresentationReport(state: "succeeded"))
        #expect(CaseChecker.check(Expectation([.replayed: 1, .served: ["POST /v1/transfers": 2]]), against: observation) == nil)
        #expect(CaseChecker.check(Expectation([.replayed: 0]), against: observation)?.1
                == "expected 0 replayed answers, saw 1: POST /v1/transfers → 201 (reset-after), POST /v1/transfers → 201 (replayed)")
        #expect(data.transport == nil, "the retry answered")
        #expect(DataObservation(exchanges: [data.exchanges[0]]).transport == "connectionLost")
    }

    @Test func presentationCasesRunInEveryZoneOfTheClientUnlessTheyNameOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zones-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        cases:
        - id: shown
          when: signal.fire
          expect: { presentation: { rows: 2 } }
        - id: pinned
          when: signal.fire
          zone: America/Los_Angeles
          expect: { presentation: { sections: 1 } }
        - id: data-only
          when: signal.fire
          expect: { domain: { signals: { sessionExpired: 1 } } }
        - id: bad
          when: signal.fire
          zone: Mars/Olympus
          concurrency: 500
          expect: { presentation: { rows: 2 } }
        """.write(to: folder.appendingPathComponent("zones.yaml"), atomically: true, encoding: .utf8)
        let loaded = CaseLoader(directory: folder, client: Self.client()).load()
        #expect(loaded.cases.map(\.id) == ["shown", "shown@Pacific/Auckland", "pinned", "data-only"])
        #expect(loaded.cases.map(\.zone) == ["Europe/London", "Pacific/Auckland", "America/Los_Angeles", nil])
        #expect(loaded.problems.map(\.description).sorted() == [
            "cases/zones.yaml:14: case bad: zone Mars/Olympus is not a time zone name such as Europe/London or Pacific/Auckland",
            "cases/zones.yaml:15: case bad: concurrency must be 1 to 50, not 500",
        ])
    }
}
