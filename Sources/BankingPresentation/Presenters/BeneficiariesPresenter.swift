public import BankingDomain
import Foundation

/// One saved payee.
public struct BeneficiaryRow: Sendable, Equatable, Identifiable {
    /// The payee's id.
    public let id: String
    /// The payee's name.
    public let name: String
    /// IBAN in groups of four, as printed on statements.
    public let iban: String
    /// What VoiceOver reads: the name and the whole IBAN in its groups, so it is read in chunks.
    public let accessibilityLabel: String
}

/// Saved payees: list, add with field checks, delete.
@MainActor
public final class BeneficiariesPresenter {
    /// What the screen shows.
    public private(set) var state: ViewState<[BeneficiaryRow]> = .loading
    /// Field name → message for the add form.
    public private(set) var fieldErrors: [String: String] = [:]
    /// A transient problem with an action; the list stays as it was.
    public private(set) var alert: AlertState?
    private let beneficiaries: any BeneficiaryRepository
    private let errors = ErrorPresenter()

    /// A presenter over the payees repository.
    public init(beneficiaries: any BeneficiaryRepository) { self.beneficiaries = beneficiaries }

    /// Loads the payees; empty or failed loads show their own state.
    public func load() async {
        state = .loading
        state = await ListLoad.state(empty: "You haven't saved anyone to pay yet.", errors: errors, row: Self.row) { () async throws(BankingError) in
            try await beneficiaries.beneficiaries()
        } ?? state
    }

    /// Adds a payee; returns whether it was saved.
    @discardableResult
    public func add(name: String, iban: String, reference: String?) async -> Bool {
        alert = nil
        fieldErrors = [:]
        let typed = IBAN(iban)
        if name.trimmingCharacters(in: .whitespaces).isEmpty { fieldErrors["name"] = "Enter the payee's name." }
        if !typed.hasValidShape { fieldErrors["iban"] = "Enter a valid IBAN." }
        guard fieldErrors.isEmpty else { return false }
        do {
            let saved = try await beneficiaries.add(NewBeneficiary(name: name, iban: typed.compact, reference: reference))
            state = .content((state.content ?? []) + [Self.row(saved)])
            return true
        } catch .businessRule(.invalidIBAN) {
            fieldErrors["iban"] = "This IBAN doesn't look right. Please check it."
        } catch {
            alert = errors.alert(for: error)
        }
        return false
    }

    /// Deletes a payee; a failure shows `alert` and keeps the list.
    public func delete(id: String) async {
        alert = nil
        do {
            try await beneficiaries.delete(id: id)
            let remaining = (state.content ?? []).filter { $0.id != id }
            state = remaining.isEmpty ? .empty(message: "You haven't saved anyone to pay yet.") : .content(remaining)
        } catch {
            alert = errors.alert(for: error)
        }
    }

    static func row(_ beneficiary: Beneficiary) -> BeneficiaryRow {
        let grouped = stride(from: 0, to: beneficiary.iban.count, by: 4).map { offset -> String in
            let start = beneficiary.iban.index(beneficiary.iban.startIndex, offsetBy: offset)
            let end = beneficiary.iban.index(start, offsetBy: 4, limitedBy: beneficiary.iban.endIndex) ?? beneficiary.iban.endIndex
            return String(beneficiary.iban[start..<end])
        }
        let iban = grouped.joined(separator: " ")
        return BeneficiaryRow(id: beneficiary.id, name: beneficiary.name, iban: iban,
                              accessibilityLabel: "\(beneficiary.name), IBAN \(grouped.joined(separator: ", "))")
    }
}
