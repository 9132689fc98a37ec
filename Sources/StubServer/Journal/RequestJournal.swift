import NIOConcurrencyHelpers

/// A bounded, newest-last record of requests, for tests and people to see what a client sent.
public final class RequestJournal: Sendable {
    private struct State: Sendable {
        var entries: [(sequence: Int, record: JournalRecord)] = []
        var start = 0
        var sequence = 0
    }

    public let capacity: Int
    private let state = NIOLockedValueBox(State())
    /// New entries as they are recorded, for `GET /__stubbank/events`.
    let feed = JournalFeed()

    /// - Parameter capacity: how many entries to keep; 0 turns the journal off.
    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    func record(_ record: JournalRecord) {
        guard capacity > 0 else { return }
        // The entry pushed out of a full ring is freed after the lock is released, so the
        // other event loop never waits on a deallocation.
        var evicted: (sequence: Int, record: JournalRecord)?
        let sequence = state.withLockedValue { state -> Int in
            state.sequence += 1
            let entry = (sequence: state.sequence, record: record)
            if state.entries.count < capacity {
                state.entries.append(entry)
            } else {
                evicted = state.entries[state.start]
                state.entries[state.start] = entry
                state.start = (state.start + 1) % capacity
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
        let all = state.withLockedValue { state in
            Array(state.entries[state.start...] + state.entries[..<state.start])
        }
        return all.reversed().lazy.filter { session == nil || $0.record.session == session }.prefix(limit)
            .map { $0.record.entry(sequence: $0.sequence) }
    }

    /// Forgets everything (or one session's entries).
    /// Drops the entries of a session (or all); returns how many went.
    @discardableResult
    public func clear(session: String? = nil) -> Int {
        state.withLockedValue { state in
            let before = state.entries.count
            let kept = session.map { name in
                Array(state.entries[state.start...] + state.entries[..<state.start]).filter { $0.record.session != name }
            } ?? []
            state.entries = kept
            state.start = 0
            return before - kept.count
        }
    }

    /// Headers safe to record.
    static func redacted(_ headers: some Sequence<(name: String, value: String)>) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers {
            let lower = name.lowercased()
            let secret = lower == "authorization" || lower == "x-stub-admin-token" || lower == "cookie"
            result[name] = secret ? "[redacted]" : value
        }
        return result
    }
}
