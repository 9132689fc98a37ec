/// Turns the interactor's groups into the screen's sections and rows.
public struct TransactionTransformer: Sendable {
    let money: MoneyTransformer
    let dates: DateTransformer

    /// A transformer in the customer's environment.
    public init(environment: MyBankEnvironment) {
        self.money = MoneyTransformer(locale: environment.locale)
        self.dates = DateTransformer(environment: environment)
    }

    /// The screen for an overview.
    public func viewModel(_ overview: AccountOverview) -> AccountViewModel {
        AccountViewModel(title: overview.account.name,
                         available: "Available \(money.string(overview.account.available))",
                         balance: "Balance \(money.string(overview.account.balance))",
                         sections: overview.groups.map { group in
                             SectionViewModel(title: dates.sectionTitle(group.day), rows: group.transactions.map(row))
                         })
    }

    /// One row.
    public func row(_ transaction: TransactionModel) -> TransactionRowViewModel {
        let amount = money.string(transaction.amount)
        return TransactionRowViewModel(
            id: transaction.id,
            title: (transaction.isPending ? "PENDING: " : "") + transaction.description,
            amount: amount,
            showsLocation: transaction.atmId != nil,
            accessibilityLabel: (transaction.isPending ? "Pending. " : "") + "\(transaction.description), \(amount)")
    }
}
