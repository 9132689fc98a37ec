public import BankingDomain
import Foundation

/// One ticket in the list.
public struct SupportTicketRow: Sendable, Equatable, Identifiable {
    /// The ticket's id.
    public let id: String
    /// The ticket's subject.
    public let subject: String
    /// "Open", "Answered" or "Closed".
    public let status: String
    /// What VoiceOver reads: `Card not arriving, status Open`.
    public let accessibilityLabel: String
}

/// Support tickets: list and open a new one.
@MainActor
public final class SupportTicketsPresenter {
    /// What the screen shows.
    public private(set) var state: ViewState<[SupportTicketRow]> = .loading
    /// Field name → message for the new-ticket form.
    public private(set) var fieldErrors: [String: String] = [:]
    /// A transient problem with an action; the list stays as it was.
    public private(set) var alert: AlertState?
    private let support: any SupportRepository
    private let errors = ErrorPresenter()

    /// A presenter over the support repository.
    public init(support: any SupportRepository) { self.support = support }

    /// Loads the tickets; empty or failed loads show their own state.
    public func load() async {
        state = .loading
        state = await ListLoad.state(empty: "No support requests yet.", errors: errors, row: Self.row) { () async throws(BankingError) in
            try await support.tickets()
        } ?? state
    }

    /// Opens a ticket after checking the fields; returns whether it was opened.
    @discardableResult
    public func create(subject: String, message: String, category: SupportTicket.Category) async -> Bool {
        alert = nil
        fieldErrors = [:]
        if subject.trimmingCharacters(in: .whitespaces).isEmpty { fieldErrors["subject"] = "Add a subject." }
        if subject.count > 120 { fieldErrors["subject"] = "Keep the subject under 120 characters." }
        if message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { fieldErrors["message"] = "Tell us what happened." }
        guard fieldErrors.isEmpty else { return false }
        do {
            let ticket = try await support.create(NewSupportTicket(subject: subject, message: message, category: category))
            state = .content([Self.row(ticket)] + (state.content ?? []))
            return true
        } catch {
            alert = errors.alert(for: error)
            return false
        }
    }

    static func row(_ ticket: SupportTicket) -> SupportTicketRow {
        let status = ticket.status.rawValue.capitalized
        return SupportTicketRow(id: ticket.id, subject: ticket.subject, status: status, accessibilityLabel: "\(ticket.subject), status \(status)")
    }
}
