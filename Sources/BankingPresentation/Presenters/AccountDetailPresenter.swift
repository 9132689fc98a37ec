public import BankingDomain

/// One entry in a day section.
public struct TransactionRow: Sendable, Equatable, Identifiable {
    /// The transaction's id.
    public let id: String
    /// The merchant or the bank's description.
    public let title: String
    /// The signed amount, formatted for the customer's locale.
    public let amount: String
    /// Whether the entry is not settled yet (shown greyed with a badge).
    public let isPending: Bool
    /// Whether the bank refused it (shown struck through).
    public let isRejected: Bool
    /// "Pending" or "Declined", shown under the title; nil for booked entries.
    public let badge: String?
    /// What VoiceOver reads: the status first, then the title and the amount in words,
    /// e.g. `Pending. Cinema Tickets, minus £32.00`.
    public let accessibilityLabel: String
}

/// A day of entries with its title ("Today", "Yesterday", a date).
public struct TransactionSection: Sendable, Equatable, Identifiable {
    /// The day, `YYYY-MM-DD`.
    public let id: String
    /// "Today", "Yesterday" or the date.
    public let title: String
    /// The day's entries, newest first.
    public let rows: [TransactionRow]
}

/// Everything the account screen shows.
public struct AccountDetail: Sendable, Equatable {
    /// The account's name.
    public let name: String
    /// The booked balance, formatted.
    public let balance: String
    /// What can be spent now, formatted.
    public let available: String
    /// The pending total, formatted.
    public let pending: String
    /// The entries by day, newest day first.
    public let sections: [TransactionSection]
    /// Whether another page exists (show "Load more" or load on scroll).
    public let canLoadMore: Bool
}

/// The account screen: balances and transactions by day, with paging.
@MainActor
public final class AccountDetailPresenter {
    /// What the screen shows.
    public private(set) var state: ViewState<AccountDetail> = .loading
    private let accountId: String
    private let accounts: any AccountRepository
    private let transactions: any TransactionRepository
    private let group: GroupTransactionsByDay
    private let titles: DayTitleFormatter
    private let money: MoneyFormatter
    private let errors = ErrorPresenter()
    private var loaded: [Transaction] = []
    private var cursor: String?
    private var header: (Account, Balance)?
    private let pageSize: Int

    /// A presenter for one account, loading `pageSize` entries a page.
    public init(accountId: String, accounts: any AccountRepository, transactions: any TransactionRepository,
                environment: PresentationEnvironment, pageSize: Int = 50) {
        self.accountId = accountId
        self.accounts = accounts
        self.transactions = transactions
        self.group = GroupTransactionsByDay(timeZone: environment.timeZone)
        self.titles = DayTitleFormatter(environment: environment)
        self.money = MoneyFormatter(locale: environment.locale)
        self.pageSize = pageSize
    }

    /// Loads the balances and the first page; a failure shows the state's alert.
    public func load() async {
        state = .loading
        loaded = []
        cursor = nil
        do {
            let account = try await accounts.account(id: accountId)
            let balance = try await accounts.balance(accountId: accountId)
            header = (account, balance)
            let page = try await transactions.transactions(accountId: accountId, query: TransactionQuery(limit: pageSize))
            loaded = page.transactions
            cursor = page.nextCursor
            render()
        } catch {
            state = errors.alert(for: error).map(ViewState.error) ?? state
        }
    }

    /// Appends the next page; an error keeps what is shown and surfaces as the state's alert.
    public func loadMore() async {
        guard let cursor else { return }
        do {
            let page = try await transactions.transactions(accountId: accountId, query: TransactionQuery(cursor: cursor, limit: pageSize))
            loaded += page.transactions
            self.cursor = page.nextCursor
            render()
        } catch {
            state = errors.alert(for: error).map(ViewState.error) ?? state
        }
    }

    private func render() {
        guard let (account, balance) = header else { return }
        let sections = group(loaded).map { day in
            TransactionSection(id: day.day.description, title: titles.title(for: day.day), rows: day.transactions.map(row))
        }
        state = .content(AccountDetail(name: account.name, balance: money.string(balance.booked),
                                       available: money.string(balance.available), pending: money.string(balance.pending),
                                       sections: sections, canLoadMore: cursor != nil))
    }

    private func row(_ transaction: Transaction) -> TransactionRow {
        let title = transaction.merchant?.name ?? transaction.description
        let badge: String? = transaction.status == .pending ? "Pending" : transaction.status == .rejected ? "Declined" : nil
        let spoken = "\(title), \(money.spoken(transaction.amount, signed: true))"
        return TransactionRow(id: transaction.id, title: title, amount: money.signed(transaction.amount), isPending: transaction.status == .pending,
                              isRejected: transaction.status == .rejected, badge: badge,
                              accessibilityLabel: badge.map { "\($0). \(spoken)" } ?? spoken)
    }
}
