import NIOConcurrencyHelpers

/// A bounded, newest-last record of requests, for tests and people to see what a client sent.
/// The newest `detailCapacity` exchanges also keep their bodies and response head, for the
/// console's detail view (`GET /__stubbank/journal/{sequence}`). It also counts each route's
/// hits per session (`RouteHits`).
///
/// Recording is on every request's path, so it takes the lock once, for the entry and the hit
/// count together, and stores a reference: the record is built outside the lock, and what a
/// full ring pushes out is freed after it. Bodies are kept by reference too; a fixture's body
/// is the fixture's own array, never a copy.
package final class RequestJournal: Sendable {
    /// How many of the newest exchanges keep their bodies.
    package static let detailCapacity = 200

    private struct State: Sendable {
        var entries: BoundedRing<JournalSlot>
        var sequence = 0
        var hits = RouteHits()
    }

    package let capacity: Int
    private let state: NIOLockedValueBox<State>
    /// New entries as they are recorded, for `GET /__stubbank/events`.
    package let feed = JournalFeed()

    /// - Parameter capacity: how many entries to keep; 0 turns the journal off (hits still count).
    package init(capacity: Int) {
        self.capacity = max(0, capacity)
        state = NIOLockedValueBox(State(entries: BoundedRing(capacity: capacity)))
    }

    /// Both values are consumed: they move into the ring's slot rather than being copied there.
    package func record(_ record: consuming JournalRecord, bodies: consuming ExchangeBodies? = nil) {
        guard capacity > 0 else {
            if let route = record.route { state.withLockedValue { [session = record.session] in $0.hits.count(route, session: session) } }
            return
        }
        let slot = JournalSlot(record: record, bodies: bodies)
        let keptBodies = min(capacity, Self.detailCapacity)
        // Freed after the lock is released, so the other threads never wait on a deallocation.
        var evicted: (JournalSlot?, ExchangeBodies?)
        let sequence = state.withLockedValue { state -> Int in
            state.sequence += 1
            slot.sequence = state.sequence
            if let route = slot.record.route { state.hits.count(route, session: slot.record.session) }
            evicted.0 = state.entries.append(slot)
            if let older = state.entries.element(fromNewest: keptBodies) {
                evicted.1 = older.bodies
                older.bodies = nil
            }
            return state.sequence
        }
        withExtendedLifetime(evicted) {}
        if feed.hasListeners { feed.publish(slot.record.entry(sequence: sequence)) }
    }

    /// Entries after `sequence`, oldest first, optionally for one session: what a listener
    /// that reconnects with `Last-Event-ID` missed.
    package func entries(after sequence: Int, session: String?) -> [JournalEntry] {
        entries(session: session).filter { $0.sequence > sequence }.reversed()
    }

    /// Entries newest first, optionally for one session, at most `limit`.
    package func entries(session: String? = nil, limit: Int = .max) -> [JournalEntry] {
        let all = state.withLockedValue { $0.entries.elements }
        return all.reversed().lazy.filter { session == nil || $0.record.session == session }.prefix(limit)
            .map { $0.record.entry(sequence: $0.sequence) }
    }

    /// One entry with its bodies (when still kept), or nil when the journal no longer holds it.
    package func detail(sequence: Int) -> JournalDetail? {
        let found = state.withLockedValue { state -> (JournalRecord, ExchangeBodies?)? in
            guard let slot = state.entries.elements.last(where: { $0.sequence == sequence }) else { return nil }
            return (slot.record, slot.bodies)
        }
        return found.map { JournalDetail(entry: $0.0.entry(sequence: sequence), record: $0.0, bodies: $0.1) }
    }

    /// Drops the entries of a session (or all); returns how many went. Hit counts stay
    /// (`resetHits` drops them).
    @discardableResult
    package func clear(session: String? = nil) -> Int {
        state.withLockedValue { state in
            state.entries.retain { session != nil && $0.record.session != session }
        }
    }

    /// Hits per route for one session, or summed over all.
    package func hits(session: String?) -> [String: Int] {
        state.withLockedValue { $0.hits.snapshot(session: session) }
    }

    /// Forgets one session's hit counts, or all.
    package func resetHits(session: String?) {
        state.withLockedValue { $0.hits.reset(session: session) }
    }
}

/// One journal entry as the ring holds it: the record, its sequence number, and its bodies
/// while it is among the newest `RequestJournal.detailCapacity`. A reference, so that a full
/// ring swaps pointers rather than copying records; `sequence` and `bodies` change only under
/// the journal's lock.
package final class JournalSlot: @unchecked Sendable {
    package var sequence = 0
    package let record: JournalRecord
    package var bodies: ExchangeBodies?

    package init(record: JournalRecord, bodies: ExchangeBodies?) {
        self.record = record
        self.bodies = bodies
    }
}
