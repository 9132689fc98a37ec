import NIOConcurrencyHelpers

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
    private let registry = NIOLockedValueBox([String: RegisteredOperation]())

    /// A client with no operations yet.
    public init(name: String) {
        self.name = name
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
        add(RegisteredOperation(name: operation, reports: reports) { live, arrange in
            _ = live
            return try await perform(try await arrange())
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
        add(RegisteredOperation(name: operation, reports: reports) { live, arrange in
            let prepared: Prepared
            do { prepared = try await prepare(live) } catch { throw SetupFailure(description: "setup failed: \(error)") }
            return try await perform(try await arrange(), prepared)
        })
    }

    /// The registered operation names, sorted.
    public var operations: [String] { registry.withLockedValue { $0.keys.sorted() } }

    /// Every key a case may expect of this client: the observed data keys and what any operation reports.
    public var knownKeys: Set<ExpectationKey> {
        registry.withLockedValue { $0.values.reduce(ExpectationKey.observed) { $0.union($1.reports) } }
    }

    func operation(named name: String) -> RegisteredOperation? { registry.withLockedValue { $0[name] } }

    private func add(_ operation: RegisteredOperation) {
        let duplicate = registry.withLockedValue { registry in
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
    /// Runs setup against `live`, then calls `arrange` (which installs the givens and returns the
    /// run for the operation itself), then the operation.
    let execute: @Sendable (_ live: OperationRun, _ arrange: @Sendable () async throws -> OperationRun) async throws -> OperationReport

    /// Every key a case may expect of this operation.
    var expectable: Set<ExpectationKey> { reports.union(ExpectationKey.observed) }
}

/// An operation's setup step threw: the case errors at the setup layer.
struct SetupFailure: Error, CustomStringConvertible {
    let description: String
}
