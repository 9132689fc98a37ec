import Foundation
import HTTPTypes
import Logging
import StubRuntime
import StubServer
import StubServerTesting
import Testing

/// The testing library's promises at their edges: waits end at the time given, a stub whose test
/// throws is stopped, a trait's seed reaches its stub, a live stub always takes a free port, and
/// the client sends what it is given (its timeout, a field given twice, a JSON body's type).
@Suite struct TestingLibraryEdgesTests {
    static let bank = StubModesTests.bank

    /// A folder whose one route answers at random among five bodies, removed afterwards.
    private func withRandomRoute<T: Sendable>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stubbank-edges-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("routes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let responses = (1...5).map { "      - body: \"\($0)\"" }.joined(separator: "\n")
        let yaml = "routes:\n  - id: pick\n    request: { method: GET, path: /pick }\n    mode: random\n    responses:\n\(responses)\n"
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("routes/pick.yaml"))
        return try await body(folder)
    }

    /// Twenty answers of the random route, as one string.
    private func draws(_ stub: TestStub) async throws -> String {
        var text = ""
        for _ in 0..<20 { text += try await stub.client.execute(.get, "/pick").text }
        return text
    }

    /// With no time at all, each form asks once and gives up: counted, not timed, so a loaded
    /// machine cannot make it pass or fail (the default would ask for five seconds).
    @Test func bothFormsOfEventuallyGiveUpAtTheTimeoutGiven() async throws {
        var asked = 0
        await #expect(throws: EventuallyTimeout.self) {
            try await eventually("never", timeout: .zero) { asked += 1; return false }
        }
        #expect(asked == 1)
        asked = 0
        await #expect(throws: EventuallyTimeout.self) {
            try await eventually("never a value", timeout: .zero) { () -> Int? in asked += 1; return nil }
        }
        #expect(asked == 1)
    }

    @Test func aStubWhoseTestThrowsIsStoppedAndItsPortClosed() async throws {
        struct Planned: Error {}
        let port = LockedPort()
        await #expect(throws: Planned.self) {
            try await withStub(.live, stubs: Self.bank) { stub in
                port.value = stub.port
                throw Planned()
            }
        }
        let closed = try #require(port.value)
        await #expect(throws: (any Error).self, "nothing listens on \(closed) once the test has thrown") {
            _ = try await StubClient(port: closed).execute(.get, "/v1/status", timeout: 5)
        }
    }

    @Test func theTraitsSeedIsTheStubs() async throws {
        try await withRandomRoute { stubs in
            let seven = try await withStub(stubs: stubs, configure: { $0.seed = 7 }) { try await draws($0) }
            let zero = try await withStub(stubs: stubs) { try await draws($0) }
            try #require(seven != zero, "seeds 7 and 0 draw differently, or this test proves nothing")
            let trait: StubBankTrait = .stubBank(stubs: stubs, seed: 7)
            let result = LockedText()
            try await trait.provideScope(for: try #require(Test.current), testCase: nil) {
                result.value = try await draws(try #require(TestStub.current))
            }
            #expect(result.value == seven)
        }
    }

    @Test func aLiveStubTakesAFreePortWhateverItsConfigurationSays() async throws {
        try await withStub(.live, stubs: Self.bank) { taken in
            let busy = try #require(taken.port)
            try await withStub(.live, stubs: Self.bank, configure: { $0.port = busy }) { stub in
                #expect(stub.port != busy)
                let status = try await stub.client.execute(.get, "/v1/status").status
                #expect(status == .ok)
            }
        }
    }

    /// A live stub that cannot listen (its port is taken) fails to start, saying why, rather
    /// than waiting for a port for ever.
    @Test(.timeLimit(.minutes(3))) func aLiveStubOnATakenPortFailsToStartSayingWhy() async throws {
        try await withStub(.live, stubs: Self.bank) { taken in
            var configuration = StubServerConfiguration(stubsDirectory: Self.bank)
            configuration.port = try #require(taken.port)
            do {
                let stub = try await LiveStub.start(configuration: configuration,
                                                    logger: Logger(label: "t", factory: { _ in SwiftLogNoOpLogHandler() }))
                await stub.stop()
                Issue.record("a second stub listened on port \(configuration.port)")
            } catch {
                #expect("\(error)".localizedCaseInsensitiveContains("in use"), "\(error)")
            }
        }
    }

    /// A start whose task is cancelled stops the server it began and throws `CancellationError`,
    /// rather than waiting for that server to end.
    @Test(.timeLimit(.minutes(3))) func aCancelledStartStopsAndSaysSo() async throws {
        var configuration = StubServerConfiguration(stubsDirectory: Self.bank)
        configuration.port = 0
        let attempt = Task {
            try await LiveStub.start(configuration: configuration, logger: Logger(label: "t", factory: { _ in SwiftLogNoOpLogHandler() }))
        }
        attempt.cancel()
        await #expect(throws: CancellationError.self) {
            let stub = try await attempt.value
            await stub.stop()
        }
    }

    /// A live stub stops as SIGTERM stops `stubbank serve` (`LiveStub.stop()`, here at the end of
    /// `withStub`): a request held by a hang (its limit a day) or a ten-minute delay ends at once,
    /// closed without an answer, rather than holding the stop. Under the time limit, a stop that
    /// waited for them fails.
    @Test(.timeLimit(.minutes(3))) func aStopEndsTheRequestsItHolds() async throws {
        let held = try await withStub(.live, stubs: Self.bank, configure: { $0.hangLimitSeconds = 86_400 }) { stub in
            let raw = try #require(stub.raw)
            let held = ["X-Stub-Delay: 600000", "X-Stub-Fault: hang"].map { header in
                Task {
                    try await raw.send("GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\(header)\r\nConnection: close\r\n\r\n",
                                       timeout: .seconds(86_400))
                }
            }
            // A hang is journalled when it begins; a delay only once it is over.
            try await eventually("the hang has begun", timeout: .seconds(60)) { stub.journalCount == 1 }
            return held
        }
        for request in held {
            let answer = try await request.value
            #expect(answer.ending == .closedByStub)
            #expect(answer.text.isEmpty, "a held request was answered: \(answer.text)")
        }
    }

    /// The client gives up at the `timeout` it is given. The stub ends its hang after 20 s by
    /// closing the connection: a client that waited URLSession's default 60 s instead would meet
    /// that close (connection lost), not its own timeout. No stopwatch, which a busy machine can
    /// fool.
    @Test func theClientsTimeoutIsTheRequests() async throws {
        try await withStub(.live, stubs: Self.bank, configure: { $0.hangLimitSeconds = 20 }) { stub in
            do {
                let answer = try await stub.client.execute(.get, "/v1/status", headers: [HTTPField.Name("X-Stub-Fault")!: "hang"], timeout: 0.5)
                Issue.record("a hung request was answered: \(answer.status) \(answer.text)")
            } catch {
                #expect((error as? URLError)?.code == .timedOut, "the request did not give up after 0.5 s: \(error)")
            }
        }
    }

    @Test(arguments: [StubMode.inProcess, .live])
    func aStubsURLKeepsThePathsQuery(mode: StubMode) async throws {
        try await withStub(mode, stubs: Self.bank) { stub in
            let url = stub.url("/v1/atms?lat=51.5")
            #expect(url.absoluteString == stub.baseURL.absoluteString + "/v1/atms?lat=51.5")
            #expect(URLComponents(url: url, resolvingAgainstBaseURL: false)?.query == "lat=51.5")
        }
    }

    @Test(arguments: [StubMode.inProcess, .live])
    func theClientSendsAFieldGivenTwiceAndAJSONBodysType(mode: StubMode) async throws {
        try await withStub(mode, stubs: Self.bank) { stub in
            try stub.route("POST /echo") { request in
                .json(["tag": request.header("x-tag") ?? "-", "type": request.header("content-type") ?? "-"])
            }
            var fields = HTTPFields()
            fields.append(HTTPField(name: HTTPField.Name("X-Tag")!, value: "a"))
            fields.append(HTTPField(name: HTTPField.Name("X-Tag")!, value: "b"))
            let answer = try await stub.client.execute(.post, "/echo", json: ["x": 1], headers: fields)
            let echoed = try answer.decode([String: String].self)
            #expect(echoed["tag"]?.filter { $0 != " " } == "a,b", "\(answer.text)")
            #expect(echoed["type"] == "application/json")
        }
    }
}

/// A value set inside a closure the test cannot return from.
private final class LockedPort: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int?
    var value: Int? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

private final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""
    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
