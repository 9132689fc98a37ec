import NIOConcurrencyHelpers

/// A bounded, newest-last record of requests, for tests and people to see what a client sent.
/// The newest `detailCapacity` exchanges also keep their bodies and response head, for the
/// console's detail view (`GET /__stubbank/journal/{sequence}`).
public final class RequestJournal: Sendable {
    /// How many of the newest exchanges keep their bodies.
    static let detailCapacity = 200

    private struct State: Sendable {
        var entries: BoundedRing<(sequence: Int, record: JournalRecord)>
        var bodies: BoundedRing<ExchangeBodies>
        var sequence = 0
    }

    public let capacity: Int
    private let state: NIOLockedValueBox<State>
    /// New entries as they are recorded, for `GET /__stubbank/events`.
    let feed = JournalFeed()

    /// - Parameter capacity: how many entries to keep; 0 turns the journal off.
    public init(capacity: Int) {
        self.capacity = max(0, capacity)
        state = NIOLockedValueBox(State(entries: BoundedRing(capacity: capacity),
                                        bodies: BoundedRing(capacity: min(capacity, Self.detailCapacity))))
    }

    func record(_ record: JournalRecord, bodies: ExchangeBodies? = nil) {
        guard capacity > 0 else { return }
        // What a full ring pushes out is freed after the lock is released, so the other event
        // loop never waits on a deallocation.
        var evicted: ((sequence: Int, record: JournalRecord)?, ExchangeBodies?)
        let sequence = state.withLockedValue { state -> Int in
            state.sequence += 1
            evicted.0 = state.entries.append((sequence: state.sequence, record: record))
            if var bodies {
                bodies.sequence = state.sequence
                evicted.1 = state.bodies.append(bodies)
            }
            return state.sequence
        }
        withExtendedLifetime(evicted) {}
        if feed.hasListeners { feed.publish(record.entry(sequence: sequence)) }
    }

    /// Entries after `sequence`, oldest first, optionally for one session: what a listener
    /// that reconnects with `Last-Event-ID` missed.
    func entries(after sequence: Int, session: String?) -> [JournalEntry] {
        entries(session: session).filter { $0.sequence > sequence }.reversed()
    }

    /// Entries newest first, optionally for one session, at most `limit`.
    public func entries(session: String? = nil, limit: Int = .max) -> [JournalEntry] {
        let all = state.withLockedValue { $0.entries.elements }
        return all.reversed().lazy.filter { session == nil || $0.record.session == session }.prefix(limit)
            .map { $0.record.entry(sequence: $0.sequence) }
    }

    /// One entry with its bodies (when still kept), or nil when the journal no longer holds it.
    public func detail(sequence: Int) -> JournalDetail? {
        let found = state.withLockedValue { state -> (JournalRecord, ExchangeBodies?)? in
            guard let record = state.entries.elements.last(where: { $0.sequence == sequence })?.record else { return nil }
            return (record, state.bodies.elements.last { $0.sequence == sequence })
        }
        return found.map { JournalDetail(entry: $0.0.entry(sequence: sequence), record: $0.0, bodies: $0.1) }
    }

    /// Drops the entries of a session (or all); returns how many went.
    @discardableResult
    public func clear(session: String? = nil) -> Int {
        state.withLockedValue { state in
            let kept = Set(state.entries.elements.filter { session != nil && $0.record.session != session }.map(\.sequence))
            state.bodies.retain { kept.contains($0.sequence) }
            return state.entries.retain { kept.contains($0.sequence) }
        }
    }
}
