public import Foundation
public import Logging
import NIOConcurrencyHelpers
public import StubEngine

/// The running stub's parts, built once from a configuration and passed to the responder.
public final class StubBackend: Sendable {
    /// How the stub was started.
    public let configuration: StubServerConfiguration
    /// The built-in bank, when this stub has it and the folder does not turn it off.
    package let bank: (any HostedBank)?
    /// Decides every answer: the three transports carry out its plans.
    package let engine: Engine
    /// Where the stub logs.
    public let logger: Logger
    /// Fired when the server begins to stop; ends every delay, bandwidth pause and hang.
    public let stopSignal = StopSignal()
    /// Routes a test wrote in Swift (`InProcessStub.route`), asked before the route files.
    package let inlineRoutes: InlineRouteSource
    /// Route files and the counters behind their sequences, counters and `times`.
    private let fileRouteBox: NIOLockedValueBox<FileRouteSet>
    package let fileRouteState: FileRouteState
    /// Whether the built-in bank serves (fixed at start; `stubbank.yaml` changes need a restart).
    public var bankEnabled: Bool { bank != nil }
    /// What `stubbank.yaml`'s `validate` asks of requests when the stub started, for the banner:
    /// `openapi.yaml (parameters and bodies, credentials)`; nil when nothing is checked.
    package let requestChecks: String?
    /// How the bank's files are read again on reload.
    private let bankModule: BankModule?
    /// The injected clock, for templates' `now`.
    package let clock: @Sendable () -> Date
    private let scenarios: NIOLockedValueBox<[String: Scenario]>

    /// Installed behaviours and the active scenario.
    package var behaviours: BehaviourBook { engine.behaviours }
    /// The request journal.
    package var journal: RequestJournal { engine.journal }
    /// Signs every answer but the admin API's.
    package var signer: ResponseSigner { engine.signer }
    /// The sessions in use, bounded by `configuration.sessionLimits`.
    package var sessions: SessionRegistry { engine.sessions }

    /// Loads the stubs directory (throwing `FixtureLoadError` with every problem) and activates
    /// the configured scenario (throwing `StubServerError.unknownScenario`). `bank` is the
    /// built-in bank (`.builtIn`, from `BuiltInBank`), or nil for route files alone.
    public init(configuration: StubServerConfiguration, bank bankModule: BankModule?, logger: Logger,
                clock: @escaping @Sendable () -> Date = Date.init) throws {
        if let token = configuration.adminToken, token.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw StubServerError.emptyAdminToken
        }
        let fixtures = try FixtureLoader(root: configuration.stubsDirectory, bank: bankModule).load()
        var scenario: Scenario?
        if let name = configuration.scenario {
            guard let found = fixtures.scenarios[name] else {
                throw StubServerError.unknownScenario(name, available: fixtures.scenarios.keys.sorted())
            }
            scenario = found
        }
        self.configuration = configuration
        self.logger = logger
        let settings = fixtures.settings
        let checks = (settings.validateRequests ? ["parameters and bodies"] : []) + (settings.validateCredentials ? ["credentials"] : [])
        self.requestChecks = settings.document.flatMap { checks.isEmpty ? nil : "\($0) (\(checks.joined(separator: ", ")))" }
        let start = HostedBankStart(tokenTTLSeconds: configuration.tokenTTLSeconds, settings: scenario?.settings, clock: clock)
        let bank = fixtures.bankFixtures.flatMap { loaded in bankModule.map { $0.start(loaded, start) } }
        self.bank = bank
        self.bankModule = bankModule
        let behaviours = BehaviourBook(seed: configuration.seed, limit: configuration.maxBehaviours, clock: clock)
        let journal = RequestJournal(capacity: configuration.journalCapacity)
        self.fileRouteBox = NIOLockedValueBox(fixtures.routes)
        let inlineRoutes = InlineRouteSource()
        self.inlineRoutes = inlineRoutes
        let fileRouteState = FileRouteState(seed: configuration.seed)
        self.fileRouteState = fileRouteState
        self.clock = clock
        self.scenarios = NIOLockedValueBox(fixtures.scenarios)
        let limits = configuration.sessionLimits
        self.engine = Engine(
            routes: Self.servedRoutes(fixtures, inline: inlineRoutes, state: fileRouteState, clock: clock, bank: bank),
            behaviours: behaviours,
            sessions: SessionRegistry(limits: limits, clock: clock), journal: journal, signer: ResponseSigner(key: configuration.signingKey),
            seed: configuration.seed, hangLimitSeconds: configuration.hangLimitSeconds
        ) { evicted, reason in
            Self.forget(evicted, bank: bank, fileRouteState: fileRouteState, behaviours: behaviours, journal: journal)
            logger.info("session evicted", metadata: ["session": "\(evicted)", "reason": "\(reason.rawValue)",
                                                      "maxSessions": "\(limits.maxSessions)"])
        }
        try behaviours.setScenario(scenario)
    }

    /// The active scenario's name; nil when none is active.
    public var activeScenario: String? { behaviours.scenarioName }

    /// Scenario definitions by name.
    public var availableScenarios: [String: Scenario] { scenarios.withLockedValue { $0 } }

    /// Activates a scenario by name, or clears the active one with nil.
    public func activateScenario(_ name: String?) async throws {
        guard let name else {
            try behaviours.setScenario(nil)
            bank?.apply(settings: nil)
            return
        }
        guard let scenario = availableScenarios[name] else {
            throw StubServerError.unknownScenario(name, available: availableScenarios.keys.sorted())
        }
        try behaviours.setScenario(scenario)
        bank?.apply(settings: scenario.settings)
    }

    /// Re-reads the stubs directory. On failure the last good set keeps serving and the problems are thrown.
    @discardableResult
    public func reload() async throws(FixtureLoadError) -> FixtureSet {
        let fixtures = try FixtureLoader(root: configuration.stubsDirectory, bank: bankModule).load()
        scenarios.withLockedValue { $0 = fixtures.scenarios }
        fileRouteBox.withLockedValue { $0 = fixtures.routes }
        engine.serve(Self.servedRoutes(fixtures, inline: inlineRoutes, state: fileRouteState, clock: clock, bank: bank))
        fileRouteState.reset(session: nil)
        if let loaded = fixtures.bankFixtures { bank?.replaceFixtures(loaded) }
        if bankModule != nil, fixtures.settings.bank != bankEnabled {
            logger.warning("stubbank.yaml now turns the built-in bank \(fixtures.settings.bank ? "on" : "off"); restart to apply")
        }
        if let active = behaviours.scenarioName {
            do { try await activateScenario(active) } catch {
                logger.warning("scenario \(active) is gone after reload; cleared it")
                try? await activateScenario(nil)
            }
        }
        logger.info("reloaded stubs", metadata: ["personas": "\(fixtures.bankFixtures?.personaNames.count ?? 0)",
                                                 "scenarios": "\(fixtures.scenarios.count)", "routeFiles": "\(fixtures.routes.count)"])
        return fixtures
    }

    /// Drops one session's ledgers, tokens, admin behaviours and route-file counters.
    package func forgetSession(_ session: String) {
        Self.forget(session, bank: bank, fileRouteState: fileRouteState, behaviours: behaviours, journal: journal)
    }

    private static func forget(_ session: String, bank: (any HostedBank)?, fileRouteState: FileRouteState, behaviours: BehaviourBook,
                               journal: RequestJournal) {
        bank?.reset(session: session)
        fileRouteState.reset(session: session)
        behaviours.clear(session: session)
        journal.resetHits(session: session)
    }

    /// The route files being served now.
    package var fileRoutes: FileRouteSet { fileRouteBox.withLockedValue { $0 } }

    /// Routes written in Swift, then the route files, then the built-in bank, and
    /// `stubbank.yaml`'s base path.
    private static func servedRoutes(_ fixtures: FixtureSet, inline: InlineRouteSource, state: FileRouteState,
                                     clock: @escaping @Sendable () -> Date, bank: (any HostedBank)?) -> Engine.Routes {
        let files = FileRouteSource(routes: fixtures.routes, state: state, clock: clock,
                                    contract: fixtures.requestContract)
        let sources: [any RouteSource] = [inline, files] + (bank.map { [$0.source] } ?? [])
        return Engine.Routes(sources: sources, basePath: fixtures.settings.basePath)
    }

    /// Route catalogue for `serve` output and the admin API: routes written in Swift, route
    /// files, in precedence order, then the bank.
    public var routeDescriptions: [RouteDescription] {
        inlineRoutes.listed.map {
            RouteDescription(pattern: $0.pattern, operationId: "inline", summary: "inline route",
                             auth: false, source: "inline route (Swift)", journalName: $0.journalName)
        } + fileRoutes.routes.map {
            RouteDescription(pattern: $0.pattern.description, operationId: $0.id, summary: "route file", auth: false, source: $0.location,
                             journalName: $0.journalName)
        } + (bank?.listing ?? []).map {
            RouteDescription(pattern: $0.pattern, operationId: $0.operationId, summary: $0.summary,
                             auth: $0.auth, source: "built-in bank", journalName: $0.pattern)
        }
    }

    package func nextRequestId() -> String { engine.nextRequestId() }

    /// The admin API's answer to a request the engine handed back (`WirePlan.admin`):
    /// unsigned, not journalled, an error as its envelope. `console` serves `/__stubbank/ui`
    /// (the server's; an in-process stub has none).
    package func adminAnswer(_ request: StubRequest, isLoopbackPeer: Bool, console: AdminAPI.Console? = nil) async -> StubResponse {
        await AdminAPI(backend: self, console: console).answer(request, isLoopbackPeer: isLoopbackPeer)
    }
}

/// One served route, as `serve` prints it and `GET /__stubbank/routes` lists it.
public struct RouteDescription: Sendable, Equatable {
    /// `GET /v1/accounts/{id}`.
    public var pattern: String
    /// The bank's operation id, or a route file's route id.
    public var operationId: String
    /// What the route does (the bank), or `route file`.
    public var summary: String
    /// Whether the bank wants a bearer token (route files decide that themselves).
    public var auth: Bool
    /// `built-in bank`, or the route file and line.
    public var source: String
    /// How the journal names this route (a route file's adds its id); the key of its hit count.
    public var journalName: String
}

/// Why the stub could not start or act.
public enum StubServerError: Error, CustomStringConvertible, Sendable {
    /// No scenario has this name; `available` lists those that exist.
    case unknownScenario(String, available: [String])
    /// An admin token that is empty or only spaces would let anyone in who sends nothing.
    case emptyAdminToken

    public var description: String {
        switch self {
        case .unknownScenario(let name, let available):
            return "unknown scenario \"\(name)\"; available: \(available.joined(separator: ", "))"
        case .emptyAdminToken:
            return "--admin-token is empty; give a secret, or leave the option out to keep the admin API on loopback"
        }
    }
}
