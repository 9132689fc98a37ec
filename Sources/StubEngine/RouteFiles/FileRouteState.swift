import NIOConcurrencyHelpers

/// Per-session memory of route files: how often each route answered, where each sequence is, and
/// how many of a response's `times` are used. Reset with the session; dropped on reload.
package final class FileRouteState: Sendable {
    private struct Counters: Sendable {
        var served = 0
        var position = 0
        var used: [Int: Int] = [:]
    }

    /// What was chosen for one request.
    package struct Selection: Sendable {
        package let response: RouteResponse
        /// 1-based count of requests this route answered in this session, this one included.
        package let counter: Int
        /// Seed for this request's template draws and latency sample.
        package let seed: UInt64
    }

    private struct Key: Hashable, Sendable {
        let session: String
        let route: String
    }

    private let counters = NIOLockedValueBox<[Key: Counters]>([:])
    private let seed: UInt64

    package init(seed: UInt64) { self.seed = SeededGenerator.derive(seed, "route-files") }

    /// Picks the response for a matched request.
    ///
    /// A `Prefer` choice wins; then the first response whose `when` holds; then the route's `mode`
    /// picks among the responses without `when`. A response whose `times` are used up, or whose
    /// `probability` roll fails, is passed over.
    package func select(_ route: FileRoute, input: RouteInput, prefer: PreferChoice?) throws(APIError) -> Selection {
        if route.isStateless, prefer == nil {
            // Nothing to count and nothing to draw: the same rule, without the session lock.
            var nothing = Counters(), generator = SeededGenerator(seed: 0)
            let index = Self.choose(route, input: input, state: &nothing, generator: &generator)
            return Selection(response: route.responses[index], counter: 0, seed: 0)
        }
        let key = Key(session: input.request.session, route: route.id)
        let seed = self.seed
        let result = counters.withLockedValue { (all: inout [Key: Counters]) -> Result<Selection, APIError> in
            var state = all[key] ?? Counters()
            state.served += 1
            let drawSeed = SeededGenerator.derive(seed, "\(route.id)\u{1}\(input.request.session)\u{1}\(state.served)")
            var generator = SeededGenerator(seed: drawSeed)
            let index: Int
            if let prefer {
                guard let preferred = route.responses.firstIndex(where: prefer.accepts) else { return .failure(prefer.unmatched(route)) }
                index = preferred
            } else {
                index = Self.choose(route, input: input, state: &state, generator: &generator)
            }
            state.used[index, default: 0] += 1
            all[key] = state
            return .success(Selection(response: route.responses[index], counter: state.served, seed: drawSeed))
        }
        return try result.get()
    }

    /// The rule, once, for both paths: the first response whose `when` holds, then the route's
    /// `mode` among those without `when`, each passing over a response whose `times` are used up
    /// or whose `probability` roll fails. A `sequence` moves `state` on.
    private static func choose(_ route: FileRoute, input: RouteInput, state: inout Counters,
                               generator: inout SeededGenerator) -> Int {
        let responses = route.responses
        func eligible(_ index: Int) -> Bool {
            let behaviour = responses[index].behaviour
            if let times = behaviour.times, state.used[index, default: 0] >= times { return false }
            if let probability = behaviour.probability, probability < 1 {
                return Double.random(in: 0..<1, using: &generator) < probability
            }
            return true
        }
        if let index = responses.indices.first(where: { responses[$0].when?.holds(input) == true && eligible($0) }) {
            return index
        }
        func isPlain(_ index: Int) -> Bool { responses[index].when == nil }
        let chosen: Int?
        switch route.mode {
        case .first:
            chosen = responses.indices.first { isPlain($0) && eligible($0) } ?? responses.indices.last(where: isPlain)
        case .sequence(let loop):
            let plain = responses.indices.filter(isPlain)
            let step = loop ? state.position % plain.count : min(state.position, plain.count - 1)
            state.position += 1
            chosen = plain[step]
        case .random:
            let pool = responses.indices.filter { isPlain($0) && eligible($0) }
            chosen = pool.randomElement(using: &generator) ?? responses.indices.last(where: isPlain)
        }
        return chosen ?? responses.count - 1
    }

    /// Forgets one session's counters, or everyone's.
    package func reset(session: String?) {
        counters.withLockedValue { all in
            if let session {
                all = all.filter { $0.key.session != session }
            } else {
                all.removeAll()
            }
        }
    }
}
