package import Foundation

/// Every route from the route files, in precedence order, indexed by path.
///
/// Precedence: higher `priority` first; then the more specific path (literal segments beat
/// parameters, `**` comes last); then file and position order.
package struct FileRouteSet: Sendable {
    package let routes: [FileRoute]
    private let index: RouteTrie

    package init(routes: [FileRoute]) {
        let ordered = routes.enumerated().sorted { left, right in
            let (l, r) = (left.element, right.element)
            if l.priority != r.priority { return l.priority > r.priority }
            if l.specificity != r.specificity { return l.specificity > r.specificity }
            return left.offset < right.offset
        }.map(\.element)
        self.routes = ordered
        self.index = RouteTrie(patterns: ordered.map(\.pattern))
    }

    /// No route files.
    package static let empty = FileRouteSet(routes: [])

    /// How many routes were loaded.
    package var count: Int { routes.count }

    /// The first route that matches the request, with its captured path parameters.
    package func match(_ request: StubRequest, clock: @escaping @Sendable () -> Date = { Date() }) -> (route: FileRoute, input: RouteInput)? {
        let parsed = ParsedBody(request.body)
        for candidate in index.candidates(request.pathSegments) {
            let route = routes[candidate]
            guard route.pattern.method == nil || route.pattern.method == request.method,
                  let parameters = route.pattern.matchPath(request.pathSegments) else { continue }
            let input = RouteInput(request: request, parameters: parameters, parsed: parsed, clock: clock)
            if route.condition.holds(input) { return (route, input) }
        }
        return nil
    }

    /// Why each route did not match an unmatched request.
    package func nearMisses(_ request: StubRequest, clock: @escaping @Sendable () -> Date = { Date() }) -> [NearMiss] {
        let parsed = ParsedBody(request.body)
        return routes.compactMap { route in
            let source = "\(route.location) (\(route.id))"
            if let miss = NearMiss.explain(route.pattern, method: request.method, segments: request.pathSegments, source: source) {
                return miss
            }
            let input = RouteInput(request: request, parameters: route.pattern.matchPath(request.pathSegments) ?? [:], parsed: parsed,
                                   clock: clock)
            return route.condition.firstMismatch(input).map { NearMiss(route: route.pattern.description, source: source, reason: $0, rank: 0) }
        }
    }
}
