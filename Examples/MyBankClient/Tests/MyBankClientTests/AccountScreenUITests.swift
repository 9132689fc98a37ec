import Foundation
import Logging
import MyBankClient
import MyBankContracts
import StubControl
import StubServer
import Testing

/// UI tests as a team writes them with `StubControl`: a session per test, the app launched with
/// the session's launch environment, a forced condition, then the screen and the journal.
///
/// `MyBankApp` stands in for `XCUIApplication` (its screen state for the glass), so these run on
/// Linux; an XCUITest differs only in the launch (see Docs/UITests.md). The stub is the one at
/// `STUBBANK_BASE_URL`, or one this suite starts in process serving `Examples/mybank`.
@MainActor
@Suite struct AccountScreenUITests {
    /// A first test, from an empty target: offline at launch shows the offline message.
    @Test func offlineShowsTheOfflineMessage() async throws {
        let session = try await UITestStub.control().makeSession()
        let app = MyBankApp(environment: session.launchEnvironment(key: MyBankApp.baseURLKey, offline: true))
        await app.launch()
        #expect(app.visibleTexts.contains("You're offline"))
        #expect(try await session.requests().isEmpty, "nothing reached the stub")
        try await session.end()
    }

    @Test func maintenanceSaysWhenToComeBack() async throws {
        try await AccountScreenScenarios.maintenance(try await UITestStub.control())
    }

    @Test func aSlowNetworkStillLoadsTheScreen() async throws {
        try await AccountScreenScenarios.slowNetwork(try await UITestStub.control())
    }

    @Test func losingTheConnectionOnRefreshKeepsNoStaleScreen() async throws {
        try await AccountScreenScenarios.connectionDropsOnRefresh(try await UITestStub.control())
    }

    /// Eight "simulators" at once, each its own session running every scenario, against one stub:
    /// no cross-talk, no failure. The wall time is printed for Docs/UITests.md.
    @Test func eightSimulatorsInParallel() async throws {
        let control = try await UITestStub.control()
        let clock = ContinuousClock()
        let started = clock.now
        try await Simulators.run(8, control)
        print("8 simulators × 3 UI scenarios against one stub: \(clock.now - started)")
    }
}

/// Simulators running side by side, each every scenario in order.
enum Simulators {
    static func run(_ count: Int, _ control: StubControlClient) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count { group.addTask { try await AccountScreenScenarios.all(control) } }
            try await group.waitForAll()
        }
    }
}

/// The scenarios, each in a session of its own; every one asserts the screen and the journal.
@MainActor
enum AccountScreenScenarios {
    static func launch(_ session: StubSession, timeout: TimeInterval = 10) -> MyBankApp {
        MyBankApp(environment: session.launchEnvironment(key: MyBankApp.baseURLKey), settings: MyBankContracts.pinnedEnvironment, timeout: timeout)
    }

    static func all(_ control: StubControlClient) async throws {
        try await maintenance(control)
        try await slowNetwork(control)
        try await connectionDropsOnRefresh(control)
    }

    static func maintenance(_ control: StubControlClient) async throws {
        let session = try await control.makeSession(prefix: "maintenance")
        try await session.install(.status(503, on: "GET /data.json", headers: ["Retry-After": "120"]))
        let app = launch(session)
        await app.launch()
        #expect(app.visibleTexts == ["Something went wrong", "MyBank is down for maintenance. Please try again in 2 minutes."])
        let seen = try await session.waitForRequest("GET /data.json", within: .seconds(5))
        #expect(seen.status == 503)
        try await session.expectNoFurtherRequest("GET /data.json", within: .milliseconds(300), beyond: 1)
        try await session.end()
    }

    static func slowNetwork(_ control: StubControlClient) async throws {
        let session = try await control.makeSession(prefix: "slow")
        try await session.install(.delay(.milliseconds(400)...(.milliseconds(600)), on: "GET /data.json"))
        let app = launch(session)
        await app.launch()
        #expect(app.visibleTexts.contains("PENDING: Cinema Tickets"))
        #expect(app.rendered.first == .loading(previous: nil), "the spinner showed first")
        let seen = try await session.waitForRequest("GET /data.json")
        #expect((seen.latencyMs ?? 0) >= 400)
        try await session.end()
    }

    static func connectionDropsOnRefresh(_ control: StubControlClient) async throws {
        let session = try await control.makeSession(prefix: "drops")
        let app = launch(session)
        await app.launch()
        #expect(app.visibleTexts.contains("Today"))
        try await session.install(.offline())
        await app.pullToRefresh()
        #expect(app.visibleTexts == ["Something went wrong", "Please try again."])
        let served = try await session.requests(matching: "GET /data.json").map { $0.fault ?? "\($0.status ?? 0)" }
        // URL loading retries a GET once when a reused connection drops, so the refresh may reach the stub twice.
        #expect(served.first == "200" && (2...3).contains(served.count) && served.dropFirst().allSatisfy { $0 == "reset" }, "\(served)")
        try await session.end()
    }
}

/// The stub the UI tests steer: `STUBBANK_BASE_URL` when set (a stub a CI step started), else
/// one started here once, serving `Examples/mybank` on a free port.
enum UITestStub {
    static let started = Task<StubControlClient, any Error> {
        let environment = ProcessInfo.processInfo.environment
        if environment["STUBBANK_BASE_URL"] != nil || environment["TEST_RUNNER_STUBBANK_BASE_URL"] != nil {
            return StubControlClient.fromEnvironment(environment)
        }
        var logger = Logger(label: "ui-tests")
        logger.logLevel = .critical
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let host = try await LiveStub.start(stubs: root.appendingPathComponent("Examples/mybank"), logger: logger)
        return StubControlClient(baseURL: host.baseURL)
    }

    static func control() async throws -> StubControlClient { try await started.value }
}
