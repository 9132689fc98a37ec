import HTTPTypes
import NIOConcurrencyHelpers
import StubEngine

/// Plans the event loop decided but cannot carry out itself, because they wait on the wire (a
/// delay, a fault, a paced body) or belong to the admin API: `ReadyAnswerHandler` keeps the plan
/// here and hands the request on to Hummingbird with its key in `X-StubBank-Plan`, and
/// `StubResponder` takes it back, so the engine decides each request once.
///
/// Keys are random, so a client cannot name another's plan; a plan whose request never reached
/// Hummingbird (the connection closed) is discarded by the handler, and at most `capacity` wait.
final class PlanHandoff: Sendable {
    static let header = HTTPField.Name("X-StubBank-Plan")!
    static let capacity = 16_384

    private let plans = NIOLockedValueBox<[String: WirePlan]>([:])

    /// Keeps `plan` and returns its key.
    func keep(_ plan: WirePlan) -> String {
        let key = String(UInt64.random(in: .min ... .max), radix: 36)
        plans.withLockedValue { plans in
            if plans.count >= Self.capacity, let oldest = plans.keys.first { plans.removeValue(forKey: oldest)?.journal?.commit(answered: false) }
            plans[key] = plan
        }
        return key
    }

    /// The plan kept under `key`, removed.
    func take(_ key: String) -> WirePlan? {
        plans.withLockedValue { $0.removeValue(forKey: key) }
    }

    /// Forgets plans whose requests will never be read; a delayed one is journalled as unanswered.
    func discard(_ keys: [String]) {
        guard !keys.isEmpty else { return }
        let gone = plans.withLockedValue { plans in keys.compactMap { plans.removeValue(forKey: $0) } }
        for plan in gone { plan.journal?.commit(answered: false) }
    }

    /// How many plans wait.
    var count: Int { plans.withLockedValue { $0.count } }
}
