import Foundation

/// The view the presenter talks back to (a view controller in the app).
@MainActor
public protocol AccountDisplay: AnyObject {
    /// Shows a state.
    func render(_ state: AccountViewState)
}

/// Navigation from the account screen.
@MainActor
public protocol AccountRouting: AnyObject {
    /// Opens the map on an ATM.
    func showATM(_ atm: ATMViewModel)
}

/// The account screen's presenter: asks the interactor, transforms, and tells the display.
@MainActor
public final class AccountPresenter {
    /// The state last shown.
    public private(set) var state: AccountViewState = .idle
    /// The error of the last load, nil after a success.
    public private(set) var lastError: NetworkError?
    /// The overview of the last successful load.
    public private(set) var overview: AccountOverview?
    /// The display, held weakly as in VIPER.
    public weak var display: (any AccountDisplay)?
    /// The router, held weakly.
    public weak var router: (any AccountRouting)?

    let interactor: TransactionsInteractor
    let transformer: TransactionTransformer
    let errors: ErrorTransformer

    /// A presenter over `interactor`, formatting in `environment`.
    public init(interactor: TransactionsInteractor, environment: MyBankEnvironment, errors: ErrorTransformer = ErrorTransformer()) {
        self.interactor = interactor
        self.transformer = TransactionTransformer(environment: environment)
        self.errors = errors
    }

    /// Loads the screen (also pull to refresh: the previous content stays while loading).
    public func load() async {
        show(.loading(previous: currentContent))
        do {
            let overview = try await interactor.overview()
            self.overview = overview
            lastError = nil
            let screen = transformer.viewModel(overview)
            show(screen.sections.isEmpty ? .empty(screen, message: "No transactions yet.") : .loaded(screen))
        } catch {
            lastError = error
            show(.failed(errors.alert(for: error)))
        }
    }

    /// The user tapped a transaction: ATM withdrawals open the map.
    public func select(transactionId: String) {
        guard let transaction = overview?.transactions.first(where: { $0.id == transactionId }), let atmId = transaction.atmId,
              let atm = overview?.atms.first(where: { $0.id == atmId }) else { return }
        router?.showATM(ATMViewModel(name: atm.name, address: atm.address,
                                     coordinates: String(format: "%.4f, %.4f", atm.latitude, atm.longitude)))
    }

    var currentContent: AccountViewModel? {
        switch state {
        case .loaded(let screen), .empty(let screen, _): screen
        case .loading(let previous): previous
        default: nil
        }
    }

    func show(_ state: AccountViewState) {
        self.state = state
        display?.render(state)
    }
}
