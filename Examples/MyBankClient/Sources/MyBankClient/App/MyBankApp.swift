public import Foundation

/// The app as it starts: it reads its API's base URL from the launch environment (how a UI
/// test points it at a stub session), assembles the account screen, and loads it.
///
/// In the real app this is the scene delegate and the account view controller; here the screen's
/// state stands in for what is on the glass, so a UI test runs on Linux too.
@MainActor
public final class MyBankApp: AccountDisplay, AccountRouting {
    /// The launch-environment key the app reads its API's base URL from.
    public static let baseURLKey = "MYBANK_BASE_URL"
    /// Where the app talks to when the environment names nothing.
    public static let productionURL = URL(string: "https://api.mybank.example")!

    /// The account screen's presenter.
    public let presenter: AccountPresenter
    /// Every state the screen showed, in order.
    public private(set) var rendered: [AccountViewState] = []
    /// The map screen, once an ATM was opened.
    public private(set) var shownATM: ATMViewModel?

    /// The app as launched with `environment` (`ProcessInfo.processInfo.environment` on a device),
    /// formatting in `settings`; `timeout` is the network's limit in seconds.
    public init(environment: [String: String], settings: MyBankEnvironment = .device, timeout: TimeInterval = 30) {
        let baseURL = environment[Self.baseURLKey].flatMap(URL.init(string:)) ?? Self.productionURL
        let interactor = TransactionsInteractor(service: RemoteAccountService(resource: URLSessionResource(baseURL: baseURL, timeout: timeout)))
        presenter = AccountPresenter(interactor: interactor, environment: settings)
        presenter.display = self
        presenter.router = self
    }

    /// Opens the account screen and waits for its first load.
    public func launch() async { await presenter.load() }

    /// Pull to refresh.
    public func pullToRefresh() async { await presenter.load() }

    /// The texts on screen now: titles, rows, and the alert's title and message.
    public var visibleTexts: [String] {
        switch presenter.state {
        case .idle, .loading: return []
        case .loaded(let screen), .empty(let screen, _):
            let rows = screen.sections.flatMap { [$0.title] + $0.rows.flatMap { [$0.title, $0.amount] } }
            return [screen.title, screen.available, screen.balance] + rows
        case .failed(let alert): return [alert.title, alert.message]
        }
    }

    /// Shows a state (the display).
    public func render(_ state: AccountViewState) { rendered.append(state) }
    /// Opens the map (the router).
    public func showATM(_ atm: ATMViewModel) { shownATM = atm }
}
