public import BankingDomain

/// One account on the overview.
public struct AccountRow: Sendable, Equatable, Identifiable {
    /// The account's id.
    public let id: String
    /// The account's name.
    public let name: String
    /// IBAN with all but the last four characters hidden: `•••• 3000`.
    public let maskedIBAN: String
    /// The booked balance, formatted.
    public let balance: String
    /// What can be spent now, formatted.
    public let available: String
    /// Whether the balance is below zero (shown in red).
    public let isOverdrawn: Bool
    /// What VoiceOver reads: `Everyday, account ending 3000, balance £1,234.50, available £1,200.00`,
    /// with `overdrawn` and the balance in words when it is below zero.
    public let accessibilityLabel: String
}

/// The accounts overview screen.
@MainActor
public final class AccountsOverviewPresenter {
    /// What the screen shows.
    public private(set) var state: ViewState<[AccountRow]> = .loading
    private let accounts: any AccountRepository
    private let money: MoneyFormatter
    private let errors = ErrorPresenter()

    /// A presenter over the accounts repository.
    public init(accounts: any AccountRepository, environment: PresentationEnvironment) {
        self.accounts = accounts
        self.money = MoneyFormatter(locale: environment.locale)
    }

    /// Loads the accounts; empty or failed loads show their own state.
    public func load() async {
        state = .loading
        state = await ListLoad.state(empty: "You don't have any accounts yet.", errors: errors, row: row) { () async throws(BankingError) in
            try await accounts.accounts()
        } ?? state
    }

    private func row(_ account: Account) -> AccountRow {
        let ending = String(account.iban.suffix(4))
        let overdrawn = account.balance.isNegative ? ", overdrawn" : ""
        return AccountRow(id: account.id, name: account.name, maskedIBAN: "•••• " + ending,
                          balance: money.string(account.balance), available: money.string(account.availableBalance),
                          isOverdrawn: account.balance.isNegative,
                          accessibilityLabel: "\(account.name), account ending \(ending)\(overdrawn), balance \(money.spoken(account.balance)), "
                              + "available \(money.spoken(account.availableBalance))")
    }
}
