/// How many requests each route took, per session, for `GET /__stubbank/routes` and the
/// console. Keys are the journal's route names (`GET /v1/accounts`, or a route file's
/// `GET /v1/offers [offers-list]`). A request that a behaviour answered still counts for the
/// route it was aimed at. Bounded by the routes times the live sessions; a reset or an evicted
/// session drops its counts.
///
/// A value, kept inside the journal's state: a request's entry and its count are recorded under
/// one lock, so counting costs no lock of its own.
package struct RouteHits: Sendable {
    private var counts: [String: [String: Int]] = [:]

    package mutating func count(_ route: String, session: String) {
        counts[session, default: [:]][route, default: 0] += 1
    }

    /// Hits per route for one session, or summed over all.
    package func snapshot(session: String?) -> [String: Int] {
        if let session { return counts[session] ?? [:] }
        return counts.values.reduce(into: [:]) { total, routes in
            for (route, hits) in routes { total[route, default: 0] += hits }
        }
    }

    /// Forgets one session's counts, or all.
    package mutating func reset(session: String?) {
        if let session { counts[session] = nil } else { counts.removeAll() }
    }
}
