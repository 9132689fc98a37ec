import ContractKit

/// The fixed vocabulary of operations a case can name, each mapped onto the real client core.
enum ReferenceOperation: String, CaseIterable, Sendable {
    case authLogin = "auth.login"
    /// A call that meets 401, refreshes and retries (arrange the 401 with a behaviour).
    case authRefresh = "auth.refresh"
    case authLogout = "auth.logout"
    case profileGet = "profile.get"
    case accountsList = "accounts.list"
    case accountsGet = "accounts.get"
    case balancesGet = "balances.get"
    case transactionsList = "transactions.list"
    case atmsList = "atms.list"
    case cardsList = "cards.list"
    case cardsFreeze = "cards.freeze"
    case cardsUnfreeze = "cards.unfreeze"
    case beneficiariesList = "beneficiaries.list"
    case beneficiariesAdd = "beneficiaries.add"
    case beneficiariesDelete = "beneficiaries.delete"
    case transfersSubmit = "transfers.submit"
    /// Submit, then submit the same draft again: the key is reused and the money moves once.
    case transfersRetry = "transfers.retry"
    case supportTicketsCreate = "support.tickets.create"
    case statusGet = "status.get"

    /// Keys of the reference client's own that the operation reports besides the typed ones.
    var ownKeys: Set<ExpectationKey> {
        switch self {
        case .transactionsList: [.domain("ids"), .domain("amounts"), .domain("booked"), .domain("available"), .domain("pending"),
                                 .presentation("days"), .presentation("loadMore")]
        case .balancesGet: [.domain("booked"), .domain("available"), .domain("pending")]
        case .transfersSubmit, .transfersRetry: [.domain("amount")]
        default: []
        }
    }

    /// Whether a signed-in session is set up before the operation.
    var needsSession: Bool {
        switch self {
        case .authLogin, .atmsList, .statusGet: false
        default: true
        }
    }
}
