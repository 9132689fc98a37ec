import Foundation
import NIOConcurrencyHelpers

/// The installed behaviours, in precedence order, with their random state and remaining counts.
///
/// Lookups happen on every request, so this is a lock-protected value rather than an actor:
/// the critical section is a short scan with no suspension point.
public final class BehaviourBook: Sendable {
    struct Entry: Sendable {
        var behaviour: Behaviour
        var generator: SeededGenerator
        var remaining: Int?
    }

    private struct State: Sendable {
        var admin: [Entry] = []
        var scenario: [Entry] = []
        var scenarioName: String?
        var counter = 0
    }

    private let state = NIOLockedValueBox(State())
    private let seed: UInt64

    /// Creates an empty book; `seed` makes probability and latency draws reproducible.
    public init(seed: UInt64) { self.seed = seed }

    /// Installs an admin behaviour and returns it with its new id.
    @discardableResult
    public func add(_ spec: BehaviourSpec, session: String?) throws(BehaviourError) -> Behaviour {
        let id = state.withLockedValue { state -> String in
            state.counter += 1
            return "bhv_\(state.counter)"
        }
        let behaviour = try Behaviour(id: id, spec: spec, source: .admin, session: session)
        let entry = Entry(behaviour: behaviour, generator: SeededGenerator(seed: SeededGenerator.derive(seed, id)),
                          remaining: spec.times)
        // Session-scoped entries come first, then global ones; newest first within each,
        // so the latest admin call wins and lookups need no sorting.
        state.withLockedValue { state in
            let position = session == nil ? (state.admin.firstIndex { $0.behaviour.session == nil } ?? state.admin.count) : 0
            state.admin.insert(entry, at: position)
        }
        return behaviour
    }

    /// Removes one admin behaviour; returns whether it existed.
    public func remove(id: String) -> Bool {
        state.withLockedValue { state in
            let before = state.admin.count
            state.admin.removeAll { $0.behaviour.id == id }
            return state.admin.count != before
        }
    }

    /// Removes admin behaviours of one session, or all when `session` is nil.
    /// Removes the admin behaviours of a session (or all); returns how many went.
    @discardableResult
    public func clear(session: String?) -> Int {
        state.withLockedValue { state in
            let before = state.admin.count
            if let session {
                state.admin.removeAll { $0.behaviour.session == session }
            } else {
                state.admin.removeAll()
            }
            return before - state.admin.count
        }
    }

    /// Replaces the scenario's behaviours.
    func setScenario(_ scenario: Scenario?) throws(BehaviourError) {
        var entries: [Entry] = []
        for (index, spec) in (scenario?.behaviours ?? []).enumerated() {
            let id = "\(scenario?.name ?? "scenario")#\(index)"
            let behaviour = try Behaviour(id: id, spec: spec, source: .scenario, session: nil)
            entries.append(Entry(behaviour: behaviour, generator: SeededGenerator(seed: SeededGenerator.derive(seed, id)),
                                 remaining: spec.times))
        }
        state.withLockedValue {
            $0.scenario = entries
            $0.scenarioName = scenario?.name
        }
    }

    /// Name of the active scenario, if any.
    public var scenarioName: String? { state.withLockedValue { $0.scenarioName } }

    /// Every installed behaviour, admin first.
    public func list(session: String? = nil) -> [(behaviour: Behaviour, remaining: Int?)] {
        state.withLockedValue { state in
            (state.admin + state.scenario)
                .filter { session == nil || $0.behaviour.session == nil || $0.behaviour.session == session }
                .map { ($0.behaviour, $0.remaining) }
        }
    }

    /// Finds the first behaviour that matches and fires, consuming one of its `times`.
    func decide(method: String, pathSegments: [Substring], session: String) -> BehaviourDecision {
        state.withLockedValue { state in
            if let decision = Self.fire(in: &state.admin, method: method, pathSegments: pathSegments, session: session) {
                return decision
            }
            return Self.fire(in: &state.scenario, method: method, pathSegments: pathSegments, session: session) ?? .none
        }
    }

    private static func fire(in entries: inout [Entry], method: String, pathSegments: [Substring],
                             session: String) -> BehaviourDecision? {
        for index in entries.indices {
            guard entries[index].behaviour.matches(method: method, pathSegments: pathSegments, session: session) else { continue }
            let spec = entries[index].behaviour.spec
            if let probability = spec.probability, probability < 1 {
                let roll = Double.random(in: 0..<1, using: &entries[index].generator)
                if roll >= probability { continue }
            }
            var decision = BehaviourDecision(behaviourId: entries[index].behaviour.id)
            decision.status = spec.status
            decision.headers = spec.headers ?? [:]
            decision.error = spec.error
            decision.delayMs = spec.latency?.sample(using: &entries[index].generator) ?? 0
            decision.bandwidth = spec.bandwidth
            decision.fault = spec.fault
            decision.tamperSignature = spec.tamperSignature ?? false
            if let remaining = entries[index].remaining {
                if remaining <= 1 { entries.remove(at: index) } else { entries[index].remaining = remaining - 1 }
            }
            return decision
        }
        return nil
    }
}
