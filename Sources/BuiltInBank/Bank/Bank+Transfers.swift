import Foundation
package import StubEngine

extension Bank {
    /// The outcome of a transfer submission.
    package struct TransferOutcome: Sendable {
        package var transfer: WireTransfer
        /// True when the idempotency key had already succeeded and the first answer is replayed.
        package var replayed: Bool
    }

    /// Submits a transfer under an idempotency key: replays a repeat, refuses a reused key with
    /// a different body, checks funds and the daily limit, debits, and adds a pending entry.
    package func submitTransfer(_ principal: Principal, idempotencyKey: String,
                        request: WireTransferRequest) throws(APIError) -> TransferOutcome {
        let moment = now
        let timestamp = UTCTimestamp.dateTime(moment)
        let today = UTCTimestamp.day(moment)
        return try withLedger(principal) { ledger throws(APIError) in
            if let record = ledger.idempotency[idempotencyKey] {
                guard record.request == request else {
                    throw APIError.businessRule(
                        "idempotency_key_reused",
                        "Idempotency-Key \(idempotencyKey) was already used with a different request body.",
                        display: "Something went wrong. Please start the transfer again.", path: "Idempotency-Key")
                }
                return TransferOutcome(transfer: record.transfer, replayed: true)
            }
            let accountIndex: Int
            do { accountIndex = try ledger.accountIndex(request.fromAccountId) } catch {
                throw APIError.businessRule("unknown_account", "fromAccountId \(request.fromAccountId) is not one of the customer's accounts.",
                                            display: "Please choose an account to pay from.", path: "fromAccountId")
            }
            guard let beneficiary = ledger.beneficiaries.first(where: { $0.id == request.beneficiaryId }) else {
                throw APIError.businessRule("unknown_beneficiary", "beneficiaryId \(request.beneficiaryId) is not a saved beneficiary.",
                                            display: "Please choose who to pay.", path: "beneficiaryId")
            }
            let account = ledger.accounts[accountIndex]
            let amount = request.amount.decimal ?? 0
            guard request.amount.currency == account.currency else {
                throw APIError.businessRule("currency_mismatch",
                                            "The amount is in \(request.amount.currency) but the account holds \(account.currency).",
                                            display: "Transfers from this account must be in \(account.currency).", path: "amount.currency")
            }
            guard amount <= (account.availableBalance.decimal ?? 0) else {
                throw APIError.businessRule("insufficient_funds",
                                            "Available balance \(account.availableBalance.amount) \(account.currency) "
                                                + "is less than \(request.amount.amount).",
                                            display: "You don't have enough money in this account for this transfer.", path: "amount.amount")
            }
            if let limit = ledger.fixture.config.dailyTransferLimit, limit.currency == account.currency {
                let spentToday = ledger.transfers.values
                    .filter { $0.createdAt.hasPrefix(today) && $0.amount.currency == limit.currency }
                    .reduce(Decimal(0)) { $0 + ($1.amount.decimal ?? 0) }
                if spentToday + amount > (limit.decimal ?? 0) {
                    throw APIError.businessRule("daily_limit_exceeded",
                                                "The daily transfer limit of \(limit.amount) \(limit.currency) would be exceeded "
                                                    + "(already sent \(spentToday)).",
                                                display: "This transfer is over your daily limit of \(limit.amount) \(limit.currency).",
                                                path: "amount.amount")
                }
            }
            let transferId = ledger.nextId("trf")
            let transactionId = ledger.nextId("txn_new")
            let reference = request.reference ?? ""
            let entry = WireTransaction(
                id: transactionId, accountId: account.id, status: "pending",
                amount: WireMoney(-amount, currency: account.currency),
                description: reference.isEmpty ? "Transfer to \(beneficiary.name)" : "\(beneficiary.name) – \(reference)",
                merchant: nil, bookingDate: nil, valueDate: today, createdAt: timestamp,
                pendingTransactionId: nil, rejectionReason: nil)
            ledger.transactions.insert(entry)
            ledger.accounts[accountIndex].availableBalance = WireMoney(
                (account.availableBalance.decimal ?? 0) - amount, currency: account.currency)
            let transfer = WireTransfer(id: transferId, status: "pending", fromAccountId: account.id,
                                        beneficiaryId: beneficiary.id, amount: WireMoney(amount, currency: account.currency),
                                        reference: reference, createdAt: timestamp, transactionId: transactionId)
            ledger.transfers[transferId] = transfer
            ledger.idempotency[idempotencyKey] = IdempotencyRecord(request: request, transfer: transfer)
            return TransferOutcome(transfer: transfer, replayed: false)
        }
    }
}
