import NIOConcurrencyHelpers
import StubEngine

/// Fired once when the server is asked to stop (SIGINT or SIGTERM), so that every request
/// waiting on a delay, a bandwidth pause or a hang is ended at once instead of holding the
/// shutdown up. `StubApplication.run` fires it before the HTTP server starts to drain.
public final class StopSignal: Sendable {
    private struct State {
        var fired = false
        var next = 0
        var callbacks: [Int: @Sendable () -> Void] = [:]
    }

    private let state = NIOLockedValueBox(State())

    /// A signal not fired yet.
    public init() {}

    /// Whether the stop has begun.
    public var isFired: Bool { state.withLockedValue { $0.fired } }

    /// How many waits are registered now.
    package var waiting: Int { state.withLockedValue { $0.callbacks.count } }

    /// Runs every registered callback, and any registered later at once.
    public func fire() {
        let callbacks = state.withLockedValue { state -> [@Sendable () -> Void] in
            state.fired = true
            defer { state.callbacks.removeAll() }
            return Array(state.callbacks.values)
        }
        for callback in callbacks { callback() }
    }

    /// Calls `callback` once when the signal fires (at once if it has). Returns a key for `remove`.
    package func onFire(_ callback: @escaping @Sendable () -> Void) -> Int? {
        let key = state.withLockedValue { state -> Int? in
            guard !state.fired else { return nil }
            state.next += 1
            state.callbacks[state.next] = callback
            return state.next
        }
        if key == nil { callback() }
        return key
    }

    /// Forgets a callback whose wait ended some other way.
    package func remove(_ key: Int?) {
        guard let key else { return }
        _ = state.withLockedValue { $0.callbacks.removeValue(forKey: key) }
    }
}
