import Foundation
package import StubEngine

/// One persona's mutable bank state inside one session namespace.
package struct PersonaLedger: Sendable {
    package var fixture: PersonaFixture
    package var accounts: [WireAccount]
    /// Shared with every other session until this one adds an entry, and then only its own entries are stored.
    package var transactions: TransactionHistory
    package var cards: [WireCard]
    package var beneficiaries: [WireBeneficiary]
    package var tickets: [WireSupportTicket]
    package var transfers: [String: WireTransfer] = [:]
    package var idempotency: [String: IdempotencyRecord] = [:]
    package var sequence = 0
    /// Bodies of reads that depend on this ledger alone, encoded on first use and emptied by
    /// every change (`Bank.encodedRead`, `Bank.withLedger`).
    package var encodedReads: [String: [UInt8]] = [:]

    package init(fixture: PersonaFixture) {
        self.fixture = fixture
        self.accounts = fixture.accounts
        self.transactions = TransactionHistory(shared: fixture.transactions)
        self.cards = fixture.cards
        self.beneficiaries = fixture.beneficiaries
        self.tickets = fixture.tickets
    }

    /// A new id with a prefix, unique in this ledger.
    package mutating func nextId(_ prefix: String) -> String {
        sequence += 1
        return prefix + "_" + String(sequence, zeroPaddedTo: 4)
    }

    package func accountIndex(_ id: String) throws(APIError) -> Int {
        guard let index = accounts.firstIndex(where: { $0.id == id }) else { throw .notFound("Account \(id)") }
        return index
    }
}
