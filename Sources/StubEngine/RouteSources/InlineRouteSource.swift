import NIOConcurrencyHelpers

/// Routes written in Swift for one test, as a route source: asked before the route files and the
/// bank, newest first, so a test's own route wins (OHHTTPStubs and Mocker do the same). They go
/// through the whole engine like any route: sessions, behaviours, faults, signing, the journal.
package final class InlineRouteSource: RouteSource {
    /// Answers a matched request (with the route's `{name}` values); a thrown error is served as
    /// its envelope.
    package typealias Handler = @Sendable (_ request: StubRequest, _ parameters: [String: String]) throws(APIError) -> StubResponse

    private struct Route {
        var id: Int
        var pattern: RoutePattern
        var handler: Handler
        /// How the journal and `GET /__stubbank/routes` name it.
        var name: String { "\(pattern.description) (inline)" }
    }

    private let routes = NIOLockedValueBox<(next: Int, list: [Route])>((0, []))

    package init() {}

    /// Adds a route for `pattern` (`GET /v1/accounts/{id}`, `* /v1/**`); returns its id for
    /// `remove`. Throws the pattern's own error when it is malformed.
    @discardableResult
    package func add(_ pattern: String, handler: @escaping Handler) throws(RoutePatternError) -> Int {
        let parsed = try RoutePattern(pattern)
        return routes.withLockedValue { routes in
            routes.next += 1
            routes.list.append(Route(id: routes.next, pattern: parsed, handler: handler))
            return routes.next
        }
    }

    /// Removes one route; returns whether it was there.
    @discardableResult
    package func remove(_ id: Int) -> Bool {
        routes.withLockedValue { routes in
            let before = routes.list.count
            routes.list.removeAll { $0.id == id }
            return routes.list.count < before
        }
    }

    /// The routes, newest first: their patterns and how the journal names them.
    package var listed: [(pattern: String, journalName: String)] { snapshot.map { ($0.pattern.description, $0.name) } }

    private var snapshot: [Route] { routes.withLockedValue { $0.list.reversed() } }

    package func answer(_ exchange: inout RouteExchange) throws(APIError) -> Bool {
        let request = exchange.request
        for route in snapshot {
            guard let parameters = route.pattern.match(method: request.method, pathSegments: request.pathSegments) else { continue }
            exchange.route = route.name
            exchange.response = try route.handler(request, parameters)
            return true
        }
        return false
    }

    package func routeName(for request: StubRequest) -> String? {
        snapshot.first { $0.pattern.match(method: request.method, pathSegments: request.pathSegments) != nil }?.name
    }

    package func nearMisses(_ request: StubRequest) -> [NearMiss] {
        snapshot.compactMap { NearMiss.explain($0.pattern, method: request.method, segments: request.pathSegments, source: "inline route") }
    }
}
