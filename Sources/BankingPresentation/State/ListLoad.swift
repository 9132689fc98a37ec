import BankingDomain

/// The load every list screen does (cards, payees, cash machines, accounts, support tickets):
/// the rows, the screen's empty message when there are none, or the failure's alert.
@MainActor
enum ListLoad {
    /// The state to show once `fetch` ends; nil for a failure with nothing to show (a cancelled
    /// load), which leaves the screen as it was.
    static func state<Item, Row>(empty: String, errors: ErrorPresenter, row: (Item) -> Row,
                                 fetch: () async throws(BankingError) -> [Item]) async -> ViewState<[Row]>? {
        do {
            let items = try await fetch()
            return items.isEmpty ? .empty(message: empty) : .content(items.map(row))
        } catch {
            return errors.alert(for: error).map(ViewState.error)
        }
    }
}
