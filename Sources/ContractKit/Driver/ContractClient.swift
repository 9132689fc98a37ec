
/// A team's client, as the contract harness drives it: a name, and the operations of the case
/// vocabulary it can perform through its own data sources, repositories and presenters.
///
/// ```swift
/// let client = ContractClient(name: "mybank-ios")
/// client.register("transactions.load") { run in
///     let presenter = TransactionsPresenter(interactor: TransactionsInteractor(service: AccountService(baseURL: run.baseURL)))
///     await presenter.load()
///     return OperationReport(domain: DomainReport(error: presenter.lastError?.name, count: presenter.rows.count),
///                            presentation: PresentationReport(state: presenter.state, alert: presenter.alert?.kind,
///                                                             actions: presenter.alert?.actions, text: presenter.visibleText))
/// }
/// ```
///
/// Cases whose operation is not registered are reported as not covered by this client, not as
/// failures. Every run is recorded under the client's name, so two clients' histories never mix.
public final class ContractClient: Sendable {
    /// The name runs are recorded under, e.g. `reference` or `mybank-ios`.
    public let name: String
    /// Time zones (IANA names) every case with presentation expectations runs in, unless the
    /// case names its own `zone:`. The first keeps the case's id; each other adds `@<zone>`.
    /// Empty (the default) runs each case once, in whatever zone the client uses.
    ///
    /// A zone far from UTC (`Pacific/Auckland`, `America/Los_Angeles`) shows every place the
    /// client puts an entry on its UTC day or works out "today" in UTC.
    public let zones: [String]
    private let registry = Locked([String: RegisteredOperation]())

    /// A client with no operations yet.
    public init(name: String, zones: [String] = []) {
        self.name = name
        self.zones = zones
    }

    /// Registers an operation that needs no setup.
    ///
    /// - Parameters:
    ///   - operation: the name cases use in `when:`, e.g. `accounts.list`.
    ///   - reports: the domain and presentation keys the operation reports. The typed keys by
    ///     default; add `.domain("…")` or `.presentation("…")` for keys of your own.
    ///   - perform: performs the operation against `run.baseURL` and reports what the layers showed.
    public func register(_ operation: String, reports: Set<ExpectationKey> = ExpectationKey.standard,
                         perform: @escaping @Sendable (OperationRun) async throws -> OperationReport) {
        add(RegisteredOperation(name: operation, reports: reports) { live, callers, arrange in
            _ = live
            let run = try await arrange()
            return try await RegisteredOperation.concurrently(callers, run) { try await perform($0) }
        })
    }

    /// Registers an operation with a setup step, such as signing in as the case's persona.
    ///
    /// `prepare` runs first, against the stub (even in a case that goes offline), and its requests
    /// are not counted. Then ContractKit installs the case's `given` behaviours, and `perform`
    /// runs with what `prepare` returned.
    public func register<Prepared: Sendable>(_ operation: String, reports: Set<ExpectationKey> = ExpectationKey.standard,
                                             prepare: @escaping @Sendable (OperationRun) async throws -> Prepared,
                                             perform: @escaping @Sendable (OperationRun, Prepared) async throws -> OperationReport) {
        add(RegisteredOperation(name: operation, reports: reports) { live, callers, arrange in
            let prepared: Prepared
            do { prepared = try await prepare(live) } catch { throw SetupFailure(description: "setup failed: \(error)") }
            let run = try await arrange()
            return try await RegisteredOperation.concurrently(callers, run) { try await perform($0, prepared) }
        })
    }

    /// The registered operation names, sorted.
    public var operations: [String] { registry.withLock { $0.keys.sorted() } }

    /// Every key a case may expect of this client: the observed data keys and what any operation reports.
    public var knownKeys: Set<ExpectationKey> {
        registry.withLock { $0.values.reduce(ExpectationKey.observed) { $0.union($1.reports) } }
    }

    func operation(named name: String) -> RegisteredOperation? { registry.withLock { $0[name] } }

    private func add(_ operation: RegisteredOperation) {
        let duplicate = registry.withLock { registry in
            if registry[operation.name] != nil { return true }
            registry[operation.name] = operation
            return false
        }
        precondition(!duplicate, "ContractClient \(name): operation \(operation.name) is registered twice")
    }
}

/// One operation of a client, with its setup step folded in.
struct RegisteredOperation: Sendable {
    let name: String
    /// The keys the operation reports (the data keys are always observed).
    let reports: Set<ExpectationKey>
    /// Runs setup against `live` once, then calls `arrange` (which installs the givens and returns
    /// the run for the operation itself), then the operation `callers` times at once, sharing
    /// what setup prepared (one signed-in session, as screens of one app share it).
    let execute: @Sendable (_ live: OperationRun, _ callers: Int,
        _ arrange: @Sendable () async throws -> OperationRun) async throws -> [OperationReport]

    /// Every key a case may expect of this operation.
    var expectable: Set<ExpectationKey> { reports.union(ExpectationKey.observed) }

    /// Runs `body` for callers 0..<count at once; the reports come back in caller order.
    static func concurrently(_ count: Int, _ run: OperationRun,
                             _ body: @escaping @Sendable (OperationRun) async throws -> OperationReport) async throws -> [OperationReport] {
        guard count > 1 else { return [try await body(run)] }
        return try await withThrowingTaskGroup(of: (Int, OperationReport).self) { group in
            for caller in 0..<count {
                group.addTask { (caller, try await body(run.with(caller: caller))) }
            }
            var reports = [OperationReport?](repeating: nil, count: count)
            for try await (caller, report) in group { reports[caller] = report }
            return reports.compactMap { $0 }
        }
    }
}

/// An operation's setup step threw: the case errors at the setup layer.
struct SetupFailure: Error, CustomStringConvertible {
    let description: String
}
