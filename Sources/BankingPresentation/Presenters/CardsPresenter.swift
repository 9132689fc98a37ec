public import BankingDomain
import Foundation

/// One card with its freeze switch.
public struct CardRow: Sendable, Equatable, Identifiable {
    /// The card's id.
    public let id: String
    /// Brand and last four digits: `Visa •••• 4242`.
    public let title: String
    /// Whether the card is frozen (the switch is on).
    public let isFrozen: Bool
    /// What the switch does: "Freeze card" or "Unfreeze card".
    public let toggleTitle: String
    /// What VoiceOver reads: `Visa card ending 4242, frozen` or `…, active`.
    public let accessibilityLabel: String
}

/// The cards screen. A failed freeze keeps the list and shows `alert`.
@MainActor
public final class CardsPresenter {
    /// What the screen shows.
    public private(set) var state: ViewState<[CardRow]> = .loading
    /// A transient problem with an action; the list stays as it was.
    public private(set) var alert: AlertState?
    private let cards: any CardRepository
    private let errors = ErrorPresenter()

    /// A presenter over the cards repository.
    public init(cards: any CardRepository) { self.cards = cards }

    /// Loads the cards; empty or failed loads show their own state.
    public func load() async {
        state = .loading
        state = await ListLoad.state(empty: "You don't have any cards yet.", errors: errors, row: Self.row) { () async throws(BankingError) in
            try await cards.cards()
        } ?? state
    }

    /// Freezes an active card or unfreezes a frozen one.
    public func toggleFreeze(cardId: String) async {
        guard var rows = state.content, let index = rows.firstIndex(where: { $0.id == cardId }) else { return }
        alert = nil
        do {
            let card = rows[index].isFrozen ? try await cards.unfreeze(cardId: cardId) : try await cards.freeze(cardId: cardId)
            rows[index] = Self.row(card)
            state = .content(rows)
        } catch {
            alert = errors.alert(for: error)
        }
    }

    /// Closes the alert.
    public func dismissAlert() { alert = nil }

    static func row(_ card: Card) -> CardRow {
        CardRow(id: card.id, title: "\(card.brand.capitalized) •••• \(card.last4)", isFrozen: card.isFrozen,
                toggleTitle: card.isFrozen ? "Unfreeze card" : "Freeze card",
                accessibilityLabel: "\(card.brand.capitalized) card ending \(card.last4), \(card.isFrozen ? "frozen" : "active")")
    }
}
