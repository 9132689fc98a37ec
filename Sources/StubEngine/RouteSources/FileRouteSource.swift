package import Foundation

/// The route files as a route source: match, pick a response, render it.
package struct FileRouteSource: RouteSource {
    package let routes: FileRouteSet
    package let state: FileRouteState
    package let clock: @Sendable () -> Date
    /// With `validate: requests`: the document a request must keep to before a route answers it.
    package var contract: RequestContract?

    /// Each stored property as given (the memberwise initializer, for the other targets).
    package init(routes: FileRouteSet, state: FileRouteState, clock: @escaping @Sendable () -> Date,
                 contract: RequestContract? = nil) {
        self.routes = routes
        self.state = state
        self.clock = clock
        self.contract = contract
    }

    package func answer(_ exchange: inout RouteExchange) throws(APIError) -> Bool {
        guard let match = match(in: &exchange) else { return false }
        try answer(&exchange, route: match.route, input: match.input)
        return true
    }

    /// The route that answers the request, if any.
    /// `inout` only so that the exchange's request is read in place: a caller in another module
    /// would otherwise copy the whole request into the call. Nothing in the exchange changes.
    package func match(in exchange: inout RouteExchange) -> (route: FileRoute, input: RouteInput)? {
        guard routes.count > 0 else { return nil }
        return routes.match(exchange.request, clock: clock)
    }

    /// Picks the matched route's response and renders it into the exchange.
    package func answer(_ exchange: inout RouteExchange, route: FileRoute, input: RouteInput) throws(APIError) {
        exchange.route = route.journalName
        try contract?.check(exchange.request, method: route.pattern.method ?? exchange.request.method)
        let selection = try state.select(route, input: input, prefer: try PreferChoice(exchange.request.headers))
        let answer = FileRouteAnswer(selection: selection, route: route, input: input, now: clock())
        exchange.response = answer.response
        exchange.fileAnswer = answer
    }

    package func routeName(for request: StubRequest) -> String? {
        guard routes.count > 0 else { return nil }
        return routes.match(request, clock: clock).map(\.route.journalName)
    }

    package func nearMisses(_ request: StubRequest) -> [NearMiss] {
        routes.nearMisses(request, clock: clock)
    }
}
