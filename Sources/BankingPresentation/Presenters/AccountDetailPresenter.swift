public import BankingDomain

/// One entry in a day section.
public struct TransactionRow: Sendable, Equatable, Identifiable {
    public let id: String
    public let title: String
    public let amount: String
    public let isPending: Bool
    public let isRejected: Bool
    /// "Pending" or "Declined", shown under the title; nil for booked entries.
    public let badge: String?
    /// What VoiceOver reads: the status first, then the title and the amount in words,
    /// e.g. `Pending. Cinema Tickets, minus £32.00`.
    public let accessibilityLabel: String
}

/// A day of entries with its title ("Today", "Yesterday", a date).
public struct TransactionSection: Sendable, Equatable, Identifiable {
    public let id: String
    public let title: String
    public let rows: [TransactionRow]
}

/// Everything the account screen shows.
public struct AccountDetail: Sendable, Equatable {
    public let name: String
    public let balance: String
    public let available: String
    public let pending: String
    public let sections: [TransactionSection]
    public let canLoadMore: Bool
}

/// The account screen: balances and transactions by day, with paging.
@MainActor
public final class AccountDetailPresenter {
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
