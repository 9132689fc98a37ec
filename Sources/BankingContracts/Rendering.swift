import BankingDomain
import ContractKit
import BankingPresentation

/// Reads what presenters show into a `PresentationReport`.
@MainActor
enum Rendering {
    /// A list or detail screen: its state, its text, how many rows it shows, and the screen in order.
    static func state<Content>(_ state: ViewState<Content>, rows: (Content) -> Int? = { _ in nil },
                               screen: (Content) -> ScreenReport? = { _ in nil },
                               text: (Content) -> [String]) -> PresentationReport {
        switch state {
        case .content(let content):
            PresentationReport(state: "content", alert: nil, actions: nil, text: text(content), rows: rows(content), screen: screen(content))
        case .empty(let message): PresentationReport(state: "empty", alert: nil, actions: nil, text: [message], rows: 0, screen: ScreenReport())
        case .loading: PresentationReport(state: "loading", alert: nil, actions: nil, text: [])
        case .error(let alert): observation(alert)
        }
    }

    /// A plain list: one untitled section of rows.
    static func list<Content>(_ state: ViewState<[Content]>, row: (Content) -> ScreenRow, text: (Content) -> [String]) -> PresentationReport {
        Rendering.state(state, rows: { $0.count }, screen: { ScreenReport(rows: $0.map(row)) }) { $0.flatMap(text) }
    }

    /// An alert: its kind and actions, its words, and on the screen the alert with its label.
    static func observation(_ alert: AlertState, state: String = "error") -> PresentationReport {
        PresentationReport(state: state, alert: alert.kind.rawValue, actions: alert.actions.map(\.rawValue),
                           text: [alert.title, alert.message],
                           screen: ScreenReport(alert: ScreenRow(alert.title, value: alert.message, accessibility: alert.accessibilityLabel)))
    }

    static func alert(_ error: BankingError) -> PresentationReport {
        guard let alert = ErrorPresenter().alert(for: error) else {
            return PresentationReport(state: "cancelled", alert: nil, actions: nil, text: [])
        }
        return observation(alert)
    }

    static func login(_ presenter: LoginPresenter) -> PresentationReport {
        switch presenter.status {
        case .signedIn(let greeting): PresentationReport(state: "signedIn", alert: nil, actions: nil, text: [greeting])
        case .failed(let alert): observation(alert)
        case .signedOut(let notice):
            PresentationReport(state: presenter.fieldErrors.isEmpty ? "signedOut" : "fieldErrors", alert: nil, actions: nil,
                                    text: [notice].compactMap { $0 } + presenter.fieldErrors.values.sorted())
        case .signingIn: PresentationReport(state: "signingIn", alert: nil, actions: nil, text: [])
        }
    }

    /// The account screen: day titles and rows as text, the row and section counts, each day
    /// with its number of rows (`Today: 2`), whether it offers to load more, and the screen:
    /// each day's rows in order with their amount, label, `pending`/`declined` flags and badge.
    static func accountDetail(_ state: ViewState<AccountDetail>) -> PresentationReport {
        let days = state.content.map { detail in
            detail.sections.map { section in
                (title: section.title, rows: section.rows.map { "\($0.title) \($0.amount)\($0.badge.map { " \($0)" } ?? "")" })
            }
        } ?? []
        var report = Rendering.state(state, rows: { _ in days.reduce(0) { $0 + $1.rows.count } }) { _ in
            days.flatMap { [$0.title] + $0.rows }
        }
        if let detail = state.content {
            report.screen = ScreenReport(sections: detail.sections.map { section in
                ScreenSection(section.title, rows: section.rows.map { row in
                    ScreenRow(row.title, value: row.amount, accessibility: row.accessibilityLabel,
                              flags: [row.isPending ? "pending" : nil, row.isRejected ? "declined" : nil],
                              attributes: row.badge.map { ["badge": $0] } ?? [:])
                })
            })
            report.sections = days.count
            report.values["days"] = .list(days.map { .string("\($0.title): \($0.rows.count)") })
            report.values["loadMore"] = .bool(detail.canLoadMore)
        }
        return report
    }

    static func beneficiaries(_ presenter: BeneficiariesPresenter) -> PresentationReport {
        if let alert = presenter.alert { return observation(alert) }
        if !presenter.fieldErrors.isEmpty {
            return PresentationReport(state: "fieldErrors", alert: nil, actions: nil,
                text: presenter.fieldErrors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
        }
        let row = { (payee: BeneficiaryRow) in ScreenRow(payee.name, value: payee.iban, accessibility: payee.accessibilityLabel) }
        return list(presenter.state, row: row) { ["\($0.name) \($0.iban)"] }
    }

    static func tickets(_ presenter: SupportTicketsPresenter) -> PresentationReport {
        if let alert = presenter.alert { return observation(alert) }
        if !presenter.fieldErrors.isEmpty {
            return PresentationReport(state: "fieldErrors", alert: nil, actions: nil,
                text: presenter.fieldErrors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
        }
        let row = { (ticket: SupportTicketRow) in ScreenRow(ticket.subject, value: ticket.status, accessibility: ticket.accessibilityLabel) }
        return list(presenter.state, row: row) { ["\($0.subject) \($0.status)"] }
    }

    static func transferForm(_ form: TransferFormPresenter) -> PresentationReport {
        switch form.status {
        case .succeeded(let receipt):
            PresentationReport(state: "succeeded", alert: nil, actions: nil, text: ["\(receipt.amount) to \(receipt.payee)"])
        case .failed(let alert): observation(alert)
        case .editing:
            PresentationReport(state: form.fieldErrors.isEmpty ? "editing" : "fieldErrors", alert: nil, actions: nil,
                                    text: form.fieldErrors.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue): \($0.value)" })
        case .submitting: PresentationReport(state: "submitting", alert: nil, actions: nil, text: [])
        }
    }
}
