public import BankingDomain
import Foundation

/// What a successful transfer shows.
public struct TransferReceipt: Sendable, Equatable {
    /// The bank's id for the transfer, for support.
    public let transferId: String
    /// The amount, formatted for the customer's locale.
    public let amount: String
    /// Who was paid.
    public let payee: String
    /// The reference the payee sees.
    public let reference: String

    /// A receipt.
    public init(transferId: String, amount: String, payee: String, reference: String) {
        self.transferId = transferId
        self.amount = amount
        self.payee = payee
        self.reference = reference
    }
}

/// The transfer form: field checks with messages, submit, and the result. Submitting the
/// same form again after a failure reuses its idempotency key, so a retry never pays twice.
@MainActor
public final class TransferFormPresenter {
    /// A field of the form, for its error message.
    public enum Field: String, Sendable {
        /// The account to pay from.
        case account
        /// The payee.
        case beneficiary
        /// The amount.
        case amount
        /// The reference the payee sees.
        case reference
    }

    /// Where the form stands.
    public enum Status: Sendable, Equatable {
        /// Being filled in.
        case editing
        /// Sent; waiting for the bank.
        case submitting
        /// The bank accepted it; show the receipt.
        case succeeded(TransferReceipt)
        /// The bank refused it or could not be reached; show the alert. Submitting again retries safely.
        case failed(AlertState)
    }

    /// The account chosen to pay from.
    public var fromAccountId: String?
    /// The payee chosen.
    public var beneficiaryId: String?
    /// The amount as typed, in the customer's locale ("1.234,50" in Germany).
    public var amountText = ""
    /// The reference as typed.
    public var reference = ""
    /// Field → message after a submit with bad input.
    public private(set) var fieldErrors: [Field: String] = [:]
    /// Where the form stands; the view renders it.
    public private(set) var status: Status = .editing

    private let accounts: [Account]
    private let payees: [Beneficiary]
    private let submitTransfer: SubmitTransfer
    private let locale: Locale
    private let money: MoneyFormatter
    private let errors = ErrorPresenter()

    /// A form over the customer's accounts and payees.
    public init(accounts: [Account], payees: [Beneficiary], submit: SubmitTransfer, environment: PresentationEnvironment) {
        self.accounts = accounts
        self.payees = payees
        self.submitTransfer = submit
        self.locale = environment.locale
        self.money = MoneyFormatter(locale: environment.locale)
        self.fromAccountId = accounts.first?.id
    }

    /// Checks the fields; returns the draft when they are all valid.
    public func validate() -> TransferDraft? {
        fieldErrors = [:]
        let account = accounts.first { $0.id == fromAccountId }
        if account == nil { fieldErrors[.account] = "Choose an account to pay from." }
        let payee = payees.first { $0.id == beneficiaryId }
        if payee == nil { fieldErrors[.beneficiary] = "Choose who to pay." }
        if reference.count > 140 { fieldErrors[.reference] = "Keep the reference under 140 characters." }
        var amount: Money?
        if amountText.trimmingCharacters(in: .whitespaces).isEmpty {
            fieldErrors[.amount] = "Enter an amount."
        } else if let account {
            switch parseAmount(amountText, currency: account.currency) {
            case .none:
                fieldErrors[.amount] = "Enter an amount like \(money.string(Money(Decimal(string: "12.50")!, account.currency)))."
            case .some(let value) where !value.isPositive:
                fieldErrors[.amount] = "Enter an amount greater than zero."
            case .some(let value) where value.amount > account.availableBalance.amount:
                fieldErrors[.amount] = "You can send up to \(money.string(account.availableBalance)) from this account."
            case .some(let value):
                amount = value
            }
        }
        guard fieldErrors.isEmpty, let account, let payee, let amount else { return nil }
        return TransferDraft(fromAccountId: account.id, beneficiaryId: payee.id, amount: amount, reference: reference)
    }

    /// Checks the fields, then submits under the form's idempotency key.
    public func submit() async {
        guard let draft = validate(), let account = accounts.first(where: { $0.id == draft.fromAccountId }) else { return }
        status = .submitting
        do {
            let transfer = try await submitTransfer(draft, from: account, payees: payees)
            let payee = payees.first { $0.id == transfer.beneficiaryId }?.name ?? ""
            status = .succeeded(TransferReceipt(transferId: transfer.id, amount: money.string(transfer.amount), payee: payee,
                                                reference: transfer.reference))
        } catch .validation(let field, let message) where field != nil && Field(rawValue: field!) != nil {
            fieldErrors[Field(rawValue: field!)!] = message
            status = .editing
        } catch {
            status = errors.alert(for: error).map(Status.failed) ?? .editing
        }
    }

    /// Reads an amount typed in the customer's locale (`12,50` in Germany, `12.50` in the UK).
    func parseAmount(_ text: String, currency: CurrencyCode) -> Money? {
        let decimal = locale.decimalSeparator ?? "."
        let grouping = locale.groupingSeparator ?? ","
        var cleaned = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: grouping, with: "")
        cleaned = cleaned.replacingOccurrences(of: "\u{00A0}", with: "").replacingOccurrences(of: decimal, with: ".")
        guard let value = Money.parseDecimal(cleaned) else { return nil }
        let fraction = cleaned.split(separator: ".").dropFirst().first?.count ?? 0
        guard fraction <= currency.minorUnits else { return nil }
        return Money(value, currency)
    }
}
