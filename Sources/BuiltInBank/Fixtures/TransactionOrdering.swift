import StubEngine

/// The one order every transactions list uses: newest `createdAt` first, then id.
package enum TransactionOrdering {
    package static func sorted(_ transactions: [WireTransaction]) -> [WireTransaction] {
        transactions.sorted(by: precedes)
    }

    package static func precedes(_ a: WireTransaction, _ b: WireTransaction) -> Bool {
        // RFC 3339 UTC timestamps compare correctly as strings.
        a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id > b.id
    }
}
