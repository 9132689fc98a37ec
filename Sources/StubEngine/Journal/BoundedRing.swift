/// A fixed-capacity buffer that keeps the newest elements: appending to a full ring replaces
/// the oldest one. The journal keeps its entries and its exchange bodies in two of these.
package struct BoundedRing<Element: Sendable>: Sendable {
    package let capacity: Int
    private var storage: [Element] = []
    private var start = 0

    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    package var count: Int { storage.count }

    /// Adds `element` as the newest; returns the oldest one it pushed out of a full ring.
    @discardableResult
    package mutating func append(_ element: Element) -> Element? {
        guard capacity > 0 else { return element }
        if storage.count < capacity {
            storage.append(element)
            return nil
        }
        let evicted = storage[start]
        storage[start] = element
        start = (start + 1) % capacity
        return evicted
    }

    /// The element `back` places behind the newest (0 is the newest), if the ring holds that many.
    package func element(fromNewest back: Int) -> Element? {
        guard back >= 0, back < storage.count else { return nil }
        let newest = storage.count < capacity ? storage.count - 1 : (start + capacity - 1) % capacity
        return storage[(newest - back + storage.count) % storage.count]
    }

    /// Oldest first.
    package var elements: [Element] { Array(storage[start...] + storage[..<start]) }

    /// Keeps only the elements for which `keep` is true; returns how many went.
    @discardableResult
    package mutating func retain(where keep: (Element) -> Bool) -> Int {
        let before = storage.count
        storage = elements.filter(keep)
        start = 0
        return before - storage.count
    }
}
