import BankingDomain
import BankingPresentation

/// Reads what presenters show into a `PresentationObservation`.
@MainActor
enum Rendering {
    static func state<Content>(_ state: ViewState<Content>, text: (Content) -> [String]) -> PresentationObservation {
        switch state {
        case .content(let content): PresentationObservation(state: "content", alert: nil, actions: nil, text: text(content))
        case .empty(let message): PresentationObservation(state: "empty", alert: nil, actions: nil, text: [message])
        case .loading: PresentationObservation(state: "loading", alert: nil, actions: nil, text: [])
        case .error(let alert): observation(alert)
        }
    }

    static func observation(_ alert: AlertState, state: String = "error") -> PresentationObservation {
        PresentationObservation(state: state, alert: alert.kind.rawValue, actions: alert.actions.map(\.rawValue), text: [alert.title, alert.message])
    }

    static func alert(_ error: BankingError) -> PresentationObservation {
        guard let alert = ErrorPresenter().alert(for: error) else {
            return PresentationObservation(state: "cancelled", alert: nil, actions: nil, text: [])
        }
        return observation(alert)
    }

    static func login(_ presenter: LoginPresenter) -> PresentationObservation {
        switch presenter.status {
        case .signedIn(let greeting): PresentationObservation(state: "signedIn", alert: nil, actions: nil, text: [greeting])
        case .failed(let alert): observation(alert)
        case .signedOut(let notice):
            PresentationObservation(state: presenter.fieldErrors.isEmpty ? "signedOut" : "fieldErrors", alert: nil, actions: nil,
                                    text: [notice].compactMap { $0 } + presenter.fieldErrors.values.sorted())
        case .signingIn: PresentationObservation(state: "signingIn", alert: nil, actions: nil, text: [])
        }
    }

    static func beneficiaries(_ presenter: BeneficiariesPresenter) -> PresentationObservation {
        if let alert = presenter.alert { return observation(alert) }
        if !presenter.fieldErrors.isEmpty {
            return PresentationObservation(state: "fieldErrors", alert: nil, actions: nil, text: presenter.fieldErrors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
        }
        return state(presenter.state) { rows in rows.map { "\($0.name) \($0.iban)" } }
    }

    static func tickets(_ presenter: SupportTicketsPresenter) -> PresentationObservation {
        if let alert = presenter.alert { return observation(alert) }
        if !presenter.fieldErrors.isEmpty {
            return PresentationObservation(state: "fieldErrors", alert: nil, actions: nil, text: presenter.fieldErrors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
        }
        return state(presenter.state) { rows in rows.map { "\($0.subject) \($0.status)" } }
    }

    static func transferForm(_ form: TransferFormPresenter) -> PresentationObservation {
        switch form.status {
        case .succeeded(let receipt):
            PresentationObservation(state: "succeeded", alert: nil, actions: nil, text: ["\(receipt.amount) to \(receipt.payee)"])
        case .failed(let alert): observation(alert)
        case .editing:
            PresentationObservation(state: form.fieldErrors.isEmpty ? "editing" : "fieldErrors", alert: nil, actions: nil,
                                    text: form.fieldErrors.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue): \($0.value)" })
        case .submitting: PresentationObservation(state: "submitting", alert: nil, actions: nil, text: [])
        }
    }
}
