import Foundation
import Logging
import NIOConcurrencyHelpers

/// The running stub's parts, built once from a configuration and passed to the responder.
public final class StubBackend: Sendable {
    public let configuration: StubServerConfiguration
    public let bank: Bank
    public let behaviours: BehaviourBook
    public let journal: RequestJournal
    public let signer: ResponseSigner
    public let logger: Logger
    let routes: RouteTable
    private let scenarios: NIOLockedValueBox<[String: Scenario]>
    private let headerGenerator: NIOLockedValueBox<SeededGenerator>
    private let requestCounter = NIOLockedValueBox(0)

    /// Loads the stubs directory (throwing `FixtureLoadError` with every problem) and activates
    /// the configured scenario (throwing `StubServerError.unknownScenario`).
    public init(configuration: StubServerConfiguration, logger: Logger,
                clock: @escaping @Sendable () -> Date = Date.init) throws {
        let fixtures = try FixtureLoader(root: configuration.stubsDirectory).load()
        var scenario: Scenario?
        if let name = configuration.scenario {
            guard let found = fixtures.scenarios[name] else {
                throw StubServerError.unknownScenario(name, available: fixtures.scenarios.keys.sorted())
            }
            scenario = found
        }
        self.configuration = configuration
        self.logger = logger
        self.bank = Bank(fixtures: fixtures, tokenTTL: configuration.tokenTTLSeconds, settings: scenario?.settings, clock: clock)
        self.behaviours = BehaviourBook(seed: configuration.seed)
        self.journal = RequestJournal(capacity: configuration.journalCapacity)
        self.signer = ResponseSigner(key: configuration.signingKey)
        self.routes = RouteTable(routes: BankAPI.routes())
        self.scenarios = NIOLockedValueBox(fixtures.scenarios)
        self.headerGenerator = NIOLockedValueBox(SeededGenerator(seed: SeededGenerator.derive(configuration.seed, "headers")))
        try behaviours.setScenario(scenario)
    }

    /// Scenario definitions by name.
    public var availableScenarios: [String: Scenario] { scenarios.withLockedValue { $0 } }

    /// Activates a scenario by name, or clears the active one with nil.
    public func activateScenario(_ name: String?) async throws {
        guard let name else {
            try behaviours.setScenario(nil)
            await bank.apply(settings: nil)
            return
        }
        guard let scenario = availableScenarios[name] else {
            throw StubServerError.unknownScenario(name, available: availableScenarios.keys.sorted())
        }
        try behaviours.setScenario(scenario)
        await bank.apply(settings: scenario.settings)
    }

    /// Re-reads the stubs directory. On failure the last good set keeps serving and the problems are thrown.
    @discardableResult
    public func reload() async throws(FixtureLoadError) -> FixtureSet {
        let fixtures = try FixtureLoader(root: configuration.stubsDirectory).load()
        scenarios.withLockedValue { $0 = fixtures.scenarios }
        await bank.replaceFixtures(fixtures)
        if let active = behaviours.scenarioName {
            do { try await activateScenario(active) } catch {
                logger.warning("scenario \(active) is gone after reload; cleared it")
                try? await activateScenario(nil)
            }
        }
        logger.info("reloaded stubs", metadata: ["personas": "\(fixtures.personas.count)", "scenarios": "\(fixtures.scenarios.count)"])
        return fixtures
    }

    /// Route catalogue for `serve` output and the admin API.
    public var routeDescriptions: [(pattern: String, operationId: String, summary: String, auth: Bool)] {
        routes.routes.map { ($0.pattern.description, $0.operationId, $0.summary, $0.requiresAuth) }
    }

    func drawHeaderDecision(_ body: (inout SeededGenerator) throws(APIError) -> BehaviourDecision?) throws(APIError) -> BehaviourDecision? {
        let result = headerGenerator.withLockedValue { generator in
            Result { () throws(APIError) -> BehaviourDecision? in try body(&generator) }
        }
        return try result.get()
    }

    func nextRequestId() -> String {
        let number = requestCounter.withLockedValue { value -> Int in
            value += 1
            return value
        }
        return "req_" + String(number, radix: 36)
    }
}

/// Why the stub could not start or act.
public enum StubServerError: Error, CustomStringConvertible, Sendable {
    case unknownScenario(String, available: [String])

    public var description: String {
        switch self {
        case .unknownScenario(let name, let available):
            return "unknown scenario \"\(name)\"; available: \(available.joined(separator: ", "))"
        }
    }
}
