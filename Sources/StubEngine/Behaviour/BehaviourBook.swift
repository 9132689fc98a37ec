import Atomics
package import Foundation
import NIOConcurrencyHelpers

/// The installed behaviours, in precedence order, with their random state and remaining counts.
///
/// Lookups happen on every request, so this is a lock-protected value rather than an actor: the
/// critical section reads a few index buckets (`BehaviourIndex`) with no suspension point. While
/// no behaviour is installed (the common case) a lookup is one atomic read: no lock, no clock.
/// Admin behaviours are capped at `limit`; the next one is refused rather than slowing every
/// request or growing without bound.
package final class BehaviourBook: Sendable {
    private struct State: Sendable {
        var admin = BehaviourIndex()
        var scenario = BehaviourIndex()
        var scenarioName: String?
        var counter = 0
    }

    private let state = NIOLockedValueBox(State())
    /// Admin and scenario behaviours installed, stored under the lock after every change.
    private let installed = ManagedAtomic(0)
    private let seed: UInt64
    /// The most admin behaviours installed at once.
    package let limit: Int
    /// For `expiresInSeconds`; injected so tests move time by hand.
    private let clock: @Sendable () -> Date

    /// Creates an empty book; `seed` makes probability and latency draws reproducible.
    package init(seed: UInt64, limit: Int = 10_000, clock: @escaping @Sendable () -> Date = Date.init) {
        self.seed = seed
        self.limit = limit
        self.clock = clock
    }

    /// Installs an admin behaviour and returns it with its new id. Throws when the spec is
    /// invalid, or when `limit` behaviours are installed already (`BehaviourError.isLimit`).
    @discardableResult
    package func add(_ spec: BehaviourSpec, session: String?) throws(BehaviourError) -> Behaviour {
        try install(spec, session: session).behaviour
    }

    /// `add`, returning the behaviour as `list` shows it: with its count and its expiry.
    package func install(_ spec: BehaviourSpec, session: String?)
        throws(BehaviourError) -> (behaviour: Behaviour, remaining: Int?, expiresAt: Date?) {
        let id = mutate { state -> String in
            state.counter += 1
            return "bhv_\(state.counter)"
        }
        let behaviour = try Behaviour(id: id, spec: spec, source: .admin, session: session)
        let now = clock()
        let entry = BehaviourIndex.Entry(behaviour: behaviour, generator: SeededGenerator(seed: SeededGenerator.derive(seed, id)),
                                         remaining: spec.times, expiresAt: spec.expiresInSeconds.map { now.addingTimeInterval($0) })
        let full = mutate { state -> Bool in
            if state.admin.count >= limit { state.admin.removeExpired(now: now) }
            guard state.admin.count < limit else { return true }
            state.admin.insert(entry)
            return false
        }
        if full { throw BehaviourError.limitReached(limit) }
        return (behaviour, entry.remaining, entry.expiresAt)
    }

    /// Removes one admin behaviour; returns whether it existed.
    package func remove(id: String) -> Bool {
        mutate { $0.admin.remove(id: id) }
    }

    /// Removes the admin behaviours of a session (or all); returns how many went.
    @discardableResult
    package func clear(session: String?) -> Int {
        mutate { $0.admin.removeAll(session: session) }
    }

    /// Replaces the scenario's behaviours.
    package func setScenario(_ scenario: Scenario?) throws(BehaviourError) {
        // Scenario behaviours keep file order: the first listed wins, so it goes in last (newest).
        var index = BehaviourIndex()
        for (position, spec) in (scenario?.behaviours ?? []).enumerated().reversed() {
            let id = "\(scenario?.name ?? "scenario")#\(position)"
            let behaviour = try Behaviour(id: id, spec: spec, source: .scenario, session: nil)
            // A scenario's expiry counts from its activation.
            index.insert(BehaviourIndex.Entry(behaviour: behaviour, generator: SeededGenerator(seed: SeededGenerator.derive(seed, id)),
                                              remaining: spec.times, expiresAt: spec.expiresInSeconds.map { clock().addingTimeInterval($0) }))
        }
        mutate {
            $0.scenario = index
            $0.scenarioName = scenario?.name
        }
    }

    /// The time now by the book's clock, against which `expiresAt` is measured.
    package var now: Date { clock() }

    /// Name of the active scenario, if any.
    package var scenarioName: String? { state.withLockedValue { $0.scenarioName } }

    /// How many admin behaviours are installed (expired ones not counted).
    package var count: Int {
        let now = clock()
        return mutate { state in
            state.admin.removeExpired(now: now)
            return state.admin.count
        }
    }

    /// Every installed behaviour, admin first, in precedence order, with how many requests it
    /// still affects and when it retires (nil for never); expired ones are gone.
    package func list(session: String? = nil) -> [(behaviour: Behaviour, remaining: Int?, expiresAt: Date?)] {
        let now = clock()
        return mutate { state in
            state.admin.removeExpired(now: now)
            return (state.admin.ordered + state.scenario.ordered)
                .filter { session == nil || $0.behaviour.session == nil || $0.behaviour.session == session }
                .map { ($0.behaviour, $0.remaining, $0.expiresAt) }
        }
    }

    /// Runs `body` under the lock, then records how many behaviours remain installed.
    private func mutate<T>(_ body: (inout State) throws -> T) rethrows -> T {
        try state.withLockedValue { state in
            defer { installed.store(state.admin.count + state.scenario.count, ordering: .relaxed) }
            return try body(&state)
        }
    }

    /// True when no admin or scenario behaviour is installed: one atomic read.
    package var isEmpty: Bool { installed.load(ordering: .relaxed) == 0 }

    /// Finds the first behaviour that matches and fires, consuming one of its `times`.
    package func decide(method: String, pathSegments: [Substring], session: String) -> BehaviourDecision {
        guard !isEmpty else { return .none }
        // The clock is read only when a matching behaviour has an expiry to check.
        let clock = clock
        return mutate { state in
            if let decision = state.admin.first(method: method, pathSegments: pathSegments, session: session, now: clock(),
                                                fire: Self.fire) {
                return decision
            }
            return state.scenario.first(method: method, pathSegments: pathSegments, session: session, now: clock(),
                                        fire: Self.fire) ?? .none
        }
    }

    /// Draws the entry's probability; on a hit, builds the decision and counts down `times`.
    private static func fire(_ entry: inout BehaviourIndex.Entry) -> (result: BehaviourDecision?, exhausted: Bool) {
        let spec = entry.behaviour.spec
        if let probability = spec.probability, probability < 1 {
            let roll = Double.random(in: 0..<1, using: &entry.generator)
            if roll >= probability { return (nil, false) }
        }
        var decision = BehaviourDecision(behaviourId: entry.behaviour.id)
        decision.status = spec.status
        decision.headers = spec.headers ?? [:]
        decision.error = spec.error
        decision.delayMs = spec.latency?.sample(using: &entry.generator) ?? 0
        decision.bandwidth = spec.bandwidth
        decision.fault = spec.fault
        decision.tamperSignature = spec.tamperSignature ?? false
        var exhausted = false
        if let remaining = entry.remaining {
            if remaining <= 1 { exhausted = true } else { entry.remaining = remaining - 1 }
        }
        return (decision, exhausted)
    }
}
