public import Foundation

/// Validates and submits a transfer. The idempotency key is made once per draft and reused on
/// every retry of that draft, so a retry after a timeout can never pay twice.
public actor SubmitTransfer {
    private let transfers: any TransferRepository
    private let makeKey: @Sendable () -> String
    private var keys: [TransferDraft: String] = [:]

    /// - Parameters:
    ///   - makeKey: makes a new idempotency key (a UUID in the app; fixed in tests)
    public init(transfers: any TransferRepository, makeKey: @escaping @Sendable () -> String = { UUID().uuidString }) {
        self.transfers = transfers
        self.makeKey = makeKey
    }

    /// Checks the draft against the source account and saved payees, then submits it.
    /// - Throws: `BankingError.validation` naming the field, or whatever the server answered.
    public func callAsFunction(_ draft: TransferDraft, from account: Account, payees: [Beneficiary]) async throws(BankingError) -> Transfer {
        try Self.validate(draft, from: account, payees: payees)
        let key = idempotencyKey(for: draft)
        let transfer = try await transfers.submit(draft, idempotencyKey: key)
        keys[draft] = nil
        return transfer
    }

    /// The key for a draft: the same one until the draft succeeds.
    public func idempotencyKey(for draft: TransferDraft) -> String {
        if let key = keys[draft] { return key }
        let key = makeKey()
        keys[draft] = key
        return key
    }

    /// The rules a transfer must pass before it is sent.
    public static func validate(_ draft: TransferDraft, from account: Account, payees: [Beneficiary]) throws(BankingError) {
        guard draft.amount.isPositive else {
            throw .validation(field: "amount", message: "The amount must be greater than zero.")
        }
        guard draft.amount.currency == account.currency else {
            throw .validation(field: "amount", message: "Transfers from \(account.name) must be in \(account.currency).")
        }
        guard draft.amount.amount <= account.availableBalance.amount else {
            throw .businessRule(.insufficientFunds)
        }
        guard payees.contains(where: { $0.id == draft.beneficiaryId }) else {
            throw .validation(field: "beneficiary", message: "Choose who to pay.")
        }
        guard draft.reference.count <= 140 else {
            throw .validation(field: "reference", message: "The reference can be at most 140 characters.")
        }
    }
}
