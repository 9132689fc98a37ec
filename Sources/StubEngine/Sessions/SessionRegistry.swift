package import Foundation
import NIOConcurrencyHelpers

/// Which sessions exist and when each was last used, so their number stays bounded: a request
/// in a new session beyond `maxSessions` evicts the least recently used one, and any session idle
/// longer than `idleSeconds` is evicted at the next request. `default` is never evicted.
///
/// `touch` is O(1) on the hot path; the idle sweep is O(sessions) at most once per minute of the
/// injected clock, and an eviction for space is O(sessions) only when the limit is reached.
package final class SessionRegistry: Sendable {
    /// Why a session went.
    package enum Reason: String, Sendable { case leastRecentlyUsed = "least recently used", idle }

    /// When a session was last used, and in which order: the clock may not move between two
    /// requests (a test clock never does), so recency is the use count, not the time.
    private struct Use {
        var at: Date
        var order: Int
    }

    private struct State {
        var lastUsed: [String: Use] = [:]
        var lastSweep = Date.distantPast
        var uses = 0
    }

    private let limits: SessionLimits
    private let clock: @Sendable () -> Date
    private let state = NIOLockedValueBox(State())
    package static let permanent = "default"

    package init(limits: SessionLimits, clock: @escaping @Sendable () -> Date) {
        self.limits = limits
        self.clock = clock
    }

    /// Records a use of `session` and returns the sessions to evict now, with why.
    package func touch(_ session: String) -> [(session: String, reason: Reason)] {
        let now = clock()
        return state.withLockedValue { state in
            var evicted: [(String, Reason)] = []
            if now.timeIntervalSince(state.lastSweep) >= min(60, limits.idleSeconds) {
                state.lastSweep = now
                for (name, used) in state.lastUsed where name != session && now.timeIntervalSince(used.at) > limits.idleSeconds {
                    state.lastUsed[name] = nil
                    evicted.append((name, .idle))
                }
            }
            if session != Self.permanent, state.lastUsed[session] == nil, state.lastUsed.count >= limits.maxSessions,
               let oldest = state.lastUsed.min(by: { $0.value.order < $1.value.order })?.key {
                state.lastUsed[oldest] = nil
                evicted.append((oldest, .leastRecentlyUsed))
            }
            Self.recordUse(of: session, at: now, in: &state)
            return evicted
        }
    }

    private static func recordUse(of session: String, at now: Date, in state: inout State) {
        state.uses += 1
        if session != permanent { state.lastUsed[session] = Use(at: now, order: state.uses) }
    }

    /// Forgets a session that was reset or evicted elsewhere.
    package func forget(_ session: String?) {
        state.withLockedValue { state in
            if let session { state.lastUsed[session] = nil } else { state.lastUsed.removeAll() }
        }
    }

    /// Sessions in use now, most recently used first, with when each was last used; `default`
    /// (never tracked, never evicted) is not among them.
    package func recent() -> [(session: String, lastUsed: Date)] {
        state.withLockedValue { state in
            state.lastUsed.sorted { $0.value.order > $1.value.order }.map { ($0.key, $0.value.at) }
        }
    }

    /// Sessions in use now, `default` not counted.
    package var count: Int { state.withLockedValue { $0.lastUsed.count } }
}
