import HTTPTypes

/// Finds the answer for a request: each route source in turn (route files first, then the
/// built-in bank); when none has a route, a 404 naming the closest routes and why each missed.
/// The engine's route step (`Engine.answer`).
package enum Routing {
    /// Answers the exchange from the first of `sources` that has a route, or with the refusal of
    /// that source (a missing token, a body that is not JSON) as an error envelope, or with the
    /// near-miss 404. Only an answer a source gave without an error sets `routeAnswered`.
    package static func answer(_ exchange: inout RouteExchange, sources: [any RouteSource]) {
        do {
            // By index: `for source in sources` copied each existential out of the array.
            for index in sources.indices where try sources[index].answer(&exchange) {
                exchange.routeAnswered = true
                return
            }
        } catch {
            exchange.response = .error(error, requestId: exchange.requestId)
            return
        }
        let closest = NearMiss.closest(sources.flatMap { $0.nearMisses(exchange.request) })
        exchange.nearMiss = closest.first.map { "\($0.route) (\($0.source)): \($0.reason)" } ?? "no routes are loaded"
        exchange.response = .error(notFound(exchange.request, closest: closest), requestId: exchange.requestId)
    }

    /// The route that would have answered, for a request another stage answered.
    package static func name(_ request: StubRequest, sources: [any RouteSource]) -> String? {
        sources.lazy.compactMap { $0.routeName(for: request) }.first
    }

    /// 404 naming the closest routes and, for each, the first reason it did not match.
    package static func notFound(_ request: StubRequest, closest: [NearMiss]) -> APIError {
        let summary = closest.isEmpty ? "No routes are loaded."
            : "Closest: " + closest.map { "\($0.route) (\($0.reason))" }.joined(separator: "; ") + "."
        return APIError(status: .notFound, type: "not_found", code: "route_not_found",
                        message: "No route for \(request.method) \(request.path). \(summary)",
                        displayMessage: "We couldn't find what you were looking for.",
                        details: closest.map { WireErrorDetail(code: "near_miss", path: $0.route, message: "\($0.source): \($0.reason)") })
    }
}
