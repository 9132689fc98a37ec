/// The business logic of the account screen: fetches the document, merges cleared and pending
/// transactions, and groups them by day, newest first.
public struct TransactionsInteractor: Sendable {
    let service: any AccountService

    /// An interactor over `service`.
    public init(service: any AccountService) {
        self.service = service
    }

    /// The account overview, or the network error that stopped it.
    public func overview() async throws(NetworkError) -> AccountOverview {
        let data = try await service.accountData()
        return try Self.overview(from: data)
    }

    /// The rules, without the network: a transaction with an unreadable date makes the whole
    /// document `invalidData` rather than silently dropping money from the screen.
    public static func overview(from data: AccountDataDTO) throws(NetworkError) -> AccountOverview {
        let pending = try data.pending.map { dto throws(NetworkError) in try model(dto, pending: true) }
        let cleared = try data.transactions.map { dto throws(NetworkError) in try model(dto, pending: false) }
        return AccountOverview(
            account: AccountModel(name: data.account.accountName, number: "\(data.account.bsb) \(data.account.accountNumber)",
                                  available: data.account.available, balance: data.account.balance),
            groups: group(pending + cleared),
            atms: data.atms.map { ATMModel(id: $0.id, name: $0.name, address: $0.address, latitude: $0.location.lat, longitude: $0.location.lng) })
    }

    /// Groups by day, newest day first; within a day pending before cleared, each kept in the
    /// order the server sent.
    static func group(_ transactions: [TransactionModel]) -> [TransactionGroup] {
        var days: [DayStamp] = []
        var byDay: [DayStamp: [TransactionModel]] = [:]
        for transaction in transactions {
            if byDay[transaction.day] == nil { days.append(transaction.day) }
            byDay[transaction.day, default: []].append(transaction)
        }
        return days.sorted(by: >).map { day in
            let items = byDay[day] ?? []
            return TransactionGroup(day: day, transactions: items.filter(\.isPending) + items.filter { !$0.isPending })
        }
    }

    static func model(_ dto: AccountDataDTO.Transaction, pending: Bool) throws(NetworkError) -> TransactionModel {
        guard let day = DayStamp(serverText: dto.effectiveDate) else { throw NetworkError.invalidData }
        return TransactionModel(id: dto.id, day: day, description: dto.description, amount: dto.amount, isPending: pending, atmId: dto.atmId)
    }
}
