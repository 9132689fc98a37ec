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
            let responses = route.responses
            // A `when` that holds wins wherever it is listed; then the first response without one.
            let index = responses.firstIndex { $0.when?.holds(input) == true } ?? responses.firstIndex { $0.when == nil }
                ?? responses.count - 1
            return Selection(response: responses[index], counter: 0, seed: 0)
        }
        let key = Key(session: input.request.session, route: route.id)
        let seed = self.seed
        let result = counters.withLockedValue { (all: inout [Key: Counters]) -> Result<Selection, APIError> in
            var state = all[key] ?? Counters()
            state.served += 1
            let drawSeed = SeededGenerator.derive(seed, "\(route.id)\u{1}\(input.request.session)\u{1}\(state.served)")
            var generator = SeededGenerator(seed: drawSeed)
            let responses = route.responses
            func eligible(_ index: Int) -> Bool {
                let behaviour = responses[index].behaviour
                if let times = behaviour.times, state.used[index, default: 0] >= times { return false }
                if let probability = behaviour.probability, probability < 1 {
                    return Double.random(in: 0..<1, using: &generator) < probability
                }
                return true
            }
            var chosen: Int?
            if let prefer {
                chosen = responses.indices.first { prefer.accepts(responses[$0]) }
                guard chosen != nil else { return .failure(prefer.unmatched(route)) }
            }
            if chosen == nil {
                chosen = responses.indices.first { responses[$0].when?.holds(input) == true && eligible($0) }
            }
            if chosen == nil {
                let plain = responses.indices.filter { responses[$0].when == nil }
                switch route.mode {
                case .first:
                    chosen = plain.first(where: eligible) ?? plain.last
                case .sequence(let loop):
                    let step = loop ? state.position % plain.count : min(state.position, plain.count - 1)
                    state.position += 1
                    chosen = plain[step]
                case .random:
                    let pool = plain.filter(eligible)
                    chosen = pool.randomElement(using: &generator) ?? plain.last
                }
            }
            let index = chosen ?? responses.count - 1
            state.used[index, default: 0] += 1
            all[key] = state
            return .success(Selection(response: responses[index], counter: state.served, seed: drawSeed))
        }
        return try result.get()
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
