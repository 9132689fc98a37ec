import StubFormats
package import StubEngine
/// Cross-file rules a JSON decoder cannot check: references, enums and money formats.
package enum FixtureConsistency {
    package static func problems(in persona: PersonaFixture, base: String) -> [FixtureProblem] {
        var found: [FixtureProblem] = []
        func check(_ ok: Bool, _ file: String, _ reason: @autoclosure () -> String) {
            if !ok { found.append(FixtureProblem(file: "\(base)/\(file)", line: nil, reason: reason())) }
        }
        func money(_ value: WireMoney?, _ file: String, _ what: String) {
            guard let value else { return }
            check(value.decimal != nil, file, "\(what): amount \"\(value.amount)\" is not a plain decimal string")
            check(value.currency.count == 3 && value.currency.allSatisfy(\.isUppercase), file,
                  "\(what): currency \"\(value.currency)\" is not an ISO 4217 code")
        }
        let accountIds = Set(persona.accounts.map(\.id))
        check(accountIds.count == persona.accounts.count, "accounts.json", "account ids must be unique")
        check(["active", "locked", nil].contains(persona.config.state), "persona.json",
              "state must be active or locked, not \(persona.config.state ?? "")")
        money(persona.config.dailyTransferLimit, "persona.json", "dailyTransferLimit")
        for account in persona.accounts {
            money(account.balance, "accounts.json", "account \(account.id) balance")
            money(account.availableBalance, "accounts.json", "account \(account.id) availableBalance")
            money(account.creditLimit, "accounts.json", "account \(account.id) creditLimit")
            check(["current", "savings", "credit"].contains(account.type), "accounts.json",
                "account \(account.id): type must be current, savings or credit")
            check(account.balance.currency == account.currency, "accounts.json", "account \(account.id): balance currency differs from the account's")
        }
        let transactionIds = Set(persona.transactions.map(\.id))
        check(transactionIds.count == persona.transactions.count, "transactions.json", "transaction ids must be unique")
        for transaction in persona.transactions where !transaction.id.hasPrefix("txn_gen_") {
            let what = "transaction \(transaction.id)"
            money(transaction.amount, "transactions.json", what)
            check(accountIds.contains(transaction.accountId), "transactions.json", "\(what): unknown accountId \(transaction.accountId)")
            check(["pending", "booked", "rejected"].contains(transaction.status), "transactions.json",
                "\(what): status must be pending, booked or rejected")
            check((transaction.status == "booked") == (transaction.bookingDate != nil), "transactions.json",
                  "\(what): bookingDate must be set exactly when the entry is booked")
            if let pendingId = transaction.pendingTransactionId {
                check(transactionIds.contains(pendingId), "transactions.json", "\(what): pendingTransactionId \(pendingId) does not exist")
            }
        }
        for card in persona.cards {
            check(accountIds.contains(card.accountId), "cards.json", "card \(card.id): unknown accountId \(card.accountId)")
            check(["active", "frozen"].contains(card.status), "cards.json", "card \(card.id): status must be active or frozen")
        }
        for beneficiary in persona.beneficiaries {
            check(IBAN.isValid(beneficiary.iban), "beneficiaries.json", "beneficiary \(beneficiary.id): IBAN \(beneficiary.iban) fails its checksum")
        }
        return found
    }
}
