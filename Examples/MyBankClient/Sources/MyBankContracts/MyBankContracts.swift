public import ContractKit
public import ContractKitCommand
import Foundation
public import MyBankClient

/// The MyBank client as a ContractKit client: each operation builds the app's own stack
/// (URLSessionResource → RemoteAccountService → TransactionsInteractor → AccountPresenter) on the
/// case's base URL and reports what the interactor and the presenter showed.
///
/// The seams are the app's own: its `Resource`, its `AccountService` and its environment. The
/// self-tests plant broken ones through them to prove a case fails at the right layer.
public struct MyBankContracts: Sendable {
    /// The name runs are recorded under.
    public static let name = "mybank"

    /// Formatting pinned to Sydney on 2026-11-21 at 10:00, the day after the fixtures' last cleared entry.
    public var environment: MyBankEnvironment = MyBankContracts.pinnedEnvironment
    /// Wraps the network resource; the identity in real runs.
    public var resource: @Sendable (any Resource) -> any Resource = { $0 }
    /// Wraps the account service; the identity in real runs.
    public var service: @Sendable (any AccountService) -> any AccountService = { $0 }

    /// The real app.
    public init() {}

    /// en_AU in Australia/Sydney, 2026-11-21 10:00 local (2026-11-20 23:00 UTC): far from UTC,
    /// so a zone mistake moves "Today".
    public static let pinnedEnvironment = MyBankEnvironment(
        locale: Locale(identifier: "en_AU"), timeZone: TimeZone(identifier: "Australia/Sydney")!,
        now: { Date(timeIntervalSince1970: 1_795_215_600) })

    /// Keys this client reports beyond the typed ones.
    public static let ownKeys: Set<ExpectationKey> = [.domain("pendingCount"), .domain("days"), .presentation("sectionTitles")]

    /// The client with `account.load`, `account.refresh` and `atm.show` registered.
    public func contractClient() -> ContractClient {
        let client = ContractClient(name: Self.name)
        let keys = ExpectationKey.standard.union(Self.ownKeys)
        client.register("account.load", reports: keys) { run in
            let screen = await makeScreen(run)
            await screen.presenter.load()
            return await report(screen.presenter)
        }
        client.register("account.refresh", reports: keys) { run in
            let screen = await makeScreen(run)
            await screen.presenter.load()
            await screen.presenter.load()
            return await report(screen.presenter)
        }
        client.register("atm.show", reports: keys) { run in
            let screen = await makeScreen(run)
            await screen.presenter.load()
            return await showATM(screen, transactionId: run["transactionId"])
        }
        return client
    }

    /// Settings for a team's three-line contract tool.
    public var commandSettings: ContractCommandSettings {
        ContractCommandSettings(client: contractClient(), commandName: "mybank-contracts",
                                cases: "Examples/MyBankClient/Contracts/cases", stubs: "Examples/mybank")
    }

    /// The screen, as the app's assembly would build it.
    @MainActor
    final class Screen: AccountDisplay, AccountRouting {
        let presenter: AccountPresenter
        var shownATM: ATMViewModel?
        var rendered: [AccountViewState] = []

        init(presenter: AccountPresenter) {
            self.presenter = presenter
        }

        func render(_ state: AccountViewState) { rendered.append(state) }
        func showATM(_ atm: ATMViewModel) { shownATM = atm }
    }

    @MainActor
    func makeScreen(_ run: OperationRun) -> Screen {
        let resource = self.resource(URLSessionResource(baseURL: run.baseURL, timeout: run.timeout))
        let interactor = TransactionsInteractor(service: service(RemoteAccountService(resource: resource)))
        let screen = Screen(presenter: AccountPresenter(interactor: interactor, environment: environment))
        screen.presenter.display = screen
        screen.presenter.router = screen
        return screen
    }

    @MainActor
    func report(_ presenter: AccountPresenter) -> OperationReport {
        OperationReport(domain: Self.domain(presenter), presentation: Self.presentation(presenter.state))
    }

    @MainActor
    func showATM(_ screen: Screen, transactionId: String?) -> OperationReport {
        let domain = Self.domain(screen.presenter)
        guard screen.presenter.lastError == nil else { return OperationReport(domain: domain, presentation: Self.presentation(screen.presenter.state)) }
        let id = transactionId ?? screen.presenter.overview?.transactions.first { $0.atmId != nil }?.id ?? ""
        screen.presenter.select(transactionId: id)
        guard let atm = screen.shownATM else {
            return OperationReport(domain: domain, presentation: PresentationReport(state: "noNavigation", text: ["no ATM for \(id)"]))
        }
        return OperationReport(domain: domain, presentation: PresentationReport(state: "map", text: [atm.name, atm.address, atm.coordinates]))
    }

    @MainActor
    static func domain(_ presenter: AccountPresenter) -> DomainReport {
        if let error = presenter.lastError {
            var retryAfter: Double?
            if case .maintenance(let seconds?) = error { retryAfter = Double(seconds) }
            return DomainReport(error: name(of: error), retryAfter: retryAfter)
        }
        let overview = presenter.overview
        return DomainReport(count: overview?.transactions.count,
                            values: ["pendingCount": .number(Double(overview?.transactions.filter(\.isPending).count ?? 0)),
                                     "days": .number(Double(overview?.groups.count ?? 0))])
    }

    static func presentation(_ state: AccountViewState) -> PresentationReport {
        switch state {
        case .idle: return PresentationReport(state: "idle")
        case .loading: return PresentationReport(state: "loading")
        case .loaded(let screen):
            return PresentationReport(state: "loaded", text: text(screen), rows: screen.sections.reduce(0) { $0 + $1.rows.count },
                                      sections: screen.sections.count, values: ["sectionTitles": sections(screen)], screen: report(screen))
        case .empty(let screen, let message):
            return PresentationReport(state: "empty", text: text(screen) + [message], rows: 0, sections: 0, values: ["sectionTitles": []],
                                      screen: report(screen))
        case .failed(let alert):
            return PresentationReport(state: "error", alert: alert.kind.rawValue, actions: alert.actions.map(\.rawValue),
                                      text: [alert.title, alert.message], screen: ScreenReport(alert: ScreenRow(alert.title, value: alert.message)))
        }
    }

    /// The screen in order: a day per section, each row with its amount, its VoiceOver label, and
    /// the `pending` and `location` flags the seed promises.
    static func report(_ screen: AccountViewModel) -> ScreenReport {
        ScreenReport(sections: screen.sections.map { section in
            ScreenSection(section.title, rows: section.rows.map { row in
                ScreenRow(row.title, value: row.amount, accessibility: row.accessibilityLabel,
                          flags: [row.title.hasPrefix("PENDING: ") ? "pending" : nil, row.showsLocation ? "location" : nil])
            })
        })
    }

    static func text(_ screen: AccountViewModel) -> [String] {
        [screen.title, screen.available, screen.balance]
            + screen.sections.flatMap { [$0.title] + $0.rows.map { "\($0.title) \($0.amount)" } }
    }

    static func sections(_ screen: AccountViewModel) -> ReportValue {
        .list(screen.sections.map { .string($0.title) })
    }

    /// Stable names for the app's errors, as cases write them.
    static func name(of error: NetworkError) -> String {
        switch error {
        case .offline: "offline"
        case .timeout: "timeout"
        case .connectionLost: "connectionLost"
        case .badRequest: "badRequest"
        case .unauthorized: "unauthorized"
        case .notFound: "notFound"
        case .maintenance: "maintenance"
        case .server: "serverError"
        case .unexpectedStatus: "unexpectedStatus"
        case .invalidData: "invalidData"
        }
    }
}
