import Foundation
import StubControl

/// Runs one case's operation through a registered client against a stub, and observes the
/// data layer from the stub's journal for the case's session.
///
/// The order: the operation's setup (against the live stub), a mark in the journal, the case's
/// `given` behaviours, the operation itself (offline when the case says so), then the journal
/// entries after the mark.
struct CaseExecution: Sendable {
    let stubURL: URL
    /// The stub's admin API, through the same control library UI tests use.
    let control: StubControlClient

    /// Loopback port 1: nothing listens there, so connections are refused at once.
    static let unreachable = URL(string: "http://127.0.0.1:1")!

    init(stubURL: URL, adminToken: String? = nil) {
        self.stubURL = stubURL
        self.control = StubControlClient(baseURL: stubURL, adminToken: adminToken, timeout: .seconds(15))
    }

    /// The most the harness waits for one operation: twice its client timeout, and at least 20 s more.
    static func bound(timeout: Double) -> Double { max(timeout * 2, timeout + 20) }

    /// The longest the harness waits, after the operation, for the signals a case expects.
    static let signalWait: Double = 3

    /// What a case showed, and what its requests used of the API.
    struct Observed {
        let observation: Observation
        let uses: [OperationUse]
    }

    func observe(_ contractCase: ContractCase, operation: RegisteredOperation, session: String) async throws -> Observed {
        let offline = contractCase.given?.contains { $0.offline == true } ?? false
        let timeout = contractCase.timeoutSeconds ?? OperationRun.defaultTimeout
        let log = RunLog()
        defer { log.finish() }
        let live = OperationRun(caseId: contractCase.id, operation: operation.name, persona: contractCase.persona,
                                arguments: contractCase.with ?? [:], baseURL: Self.sessionURL(stubURL, session),
                                session: session, timeout: timeout, isOffline: offline, zone: contractCase.zone, log: log)
        let mark = Locked<Int?>(nil)
        let stub = control.session(named: session)
        let arrange: @Sendable () async throws -> OperationRun = {
            let setup = try await stub.requests()
            mark.withLock { $0 = setup.last?.sequence ?? 0 }
            for given in contractCase.given ?? [] {
                if let behaviour = given.behaviour {
                    do { try await stub.install(behaviour) } catch let error as StubControlError {
                        throw SetupFailure(description: "the stub refused the behaviour: \(error)")
                    }
                }
                if given.expireTokens == true { try await stub.expireTokens() }
            }
            return offline ? live.with(baseURL: Self.sessionURL(Self.unreachable, session)) : live
        }
        let callers = contractCase.concurrency ?? 1
        let reports = try await Deadline.run(seconds: Self.bound(timeout: timeout)) {
            try await operation.execute(live, callers, arrange)
        }
        if let expected = contractCase.expect[.signals]?.counts {
            await log.waitForSignals(expected, seconds: Self.signalWait)
        }
        guard let since = mark.withLock({ $0 }) else {
            throw SetupFailure(description: "operation \(operation.name) returned without performing the case")
        }
        let entries = try await stub.requests()
        if since > 0, !entries.contains(where: { $0.sequence == since }) {
            throw SetupFailure(description: "the stub's journal dropped this case's requests before they were read; "
                                   + "start it with a larger --journal-size")
        }
        let served = entries.filter { $0.sequence > since }.map {
            ServedExchange(method: $0.method, path: $0.path, route: $0.route, status: $0.status, fault: $0.fault, replayed: $0.replayed)
        }
        guard let first = reports.first else { throw SetupFailure(description: "operation \(operation.name) reported nothing") }
        let observation = Observation(data: DataObservation(exchanges: served, offline: offline, urlErrors: log.urlErrors),
                                      domain: first.domain, presentation: first.presentation, signals: log.signals,
                                      callers: reports.count > 1 ? reports : nil)
        var uses: [OperationUse] = []
        for entry in entries where entry.sequence > since && entry.status != nil {
            // The answer's body, as the journal kept it; a use without fields when it is gone.
            let body = (try? await stub.detail(of: entry))?.response?.json
            uses.append(OperationUse.trace(method: entry.method, path: entry.path, status: entry.status, body: body, reported: observation))
        }
        return Observed(observation: observation, uses: uses)
    }

    /// `base/_s/<session>`: the session travels in the URL, so any client keeps it.
    static func sessionURL(_ base: URL, _ session: String) -> URL {
        base.appendingPathComponent("_s").appendingPathComponent(session)
    }
}
