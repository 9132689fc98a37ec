import StubEngine

/// A persona's transactions inside one session: the fixture's entries, shared by every session
/// without a copy (the `busy` persona's 10,000 stay one array however many sessions sign in),
/// and the entries this session added, such as transfers. Iterates both, merged, in
/// `TransactionOrdering`: newest first.
package struct TransactionHistory: Sequence, Sendable {
    /// The fixture's entries, already in `TransactionOrdering`; never mutated, so never copied.
    private let shared: [WireTransaction]
    /// This session's own entries, kept in `TransactionOrdering`.
    private var added: [WireTransaction] = []

    package init(shared: [WireTransaction]) {
        self.shared = shared
    }

    /// Adds an entry in its place in the order.
    package mutating func insert(_ entry: WireTransaction) {
        let position = added.firstIndex { TransactionOrdering.precedes(entry, $0) } ?? added.count
        added.insert(entry, at: position)
    }

    /// How many entries this session added.
    package var addedCount: Int { added.count }

    package func makeIterator() -> Iterator { Iterator(shared: shared, added: added) }

    /// Merges the two ordered lists.
    package struct Iterator: IteratorProtocol {
        package let shared: [WireTransaction]
        package let added: [WireTransaction]
        package var sharedIndex = 0
        package var addedIndex = 0

        package mutating func next() -> WireTransaction? {
            let fromShared = sharedIndex < shared.count ? shared[sharedIndex] : nil
            let fromAdded = addedIndex < added.count ? added[addedIndex] : nil
            switch (fromShared, fromAdded) {
            case let (shared?, added?):
                if TransactionOrdering.precedes(added, shared) {
                    addedIndex += 1
                    return added
                }
                sharedIndex += 1
                return shared
            case let (shared?, nil):
                sharedIndex += 1
                return shared
            case let (nil, added?):
                addedIndex += 1
                return added
            case (nil, nil):
                return nil
            }
        }
    }
}
