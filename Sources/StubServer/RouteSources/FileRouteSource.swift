import Foundation

/// The route files as a route source: match, pick a response, render it.
struct FileRouteSource: RouteSource {
    let routes: FileRouteSet
    let state: FileRouteState
    let clock: @Sendable () -> Date
    /// With `validate: requests`: the document a request must keep to before a route answers it.
    var contract: RequestContract?

    func answer(_ exchange: StubExchange) throws(APIError) -> Bool {
        guard let match = match(exchange.request) else { return false }
        try answer(exchange, route: match.route, input: match.input)
        return true
    }

    /// The route that answers the request, if any.
    func match(_ request: StubRequest) -> (route: FileRoute, input: RouteInput)? {
        guard routes.count > 0 else { return nil }
        return routes.match(request)
    }

    /// Picks the matched route's response and renders it into the exchange.
    func answer(_ exchange: StubExchange, route: FileRoute, input: RouteInput) throws(APIError) {
        exchange.route = route.journalName
        try contract?.check(exchange.request, route: route, parameters: input.parameters)
        let selection = try state.select(route, input: input, prefer: try PreferChoice(exchange.request.headers))
        let answer = FileRouteAnswer(selection: selection, route: route, input: input, now: clock())
        exchange.response = answer.response
        exchange.fileAnswer = answer
    }

    func routeName(for request: StubRequest) -> String? {
        guard routes.count > 0 else { return nil }
        return routes.match(request).map(\.route.journalName)
    }

    func nearMisses(_ request: StubRequest) -> [NearMiss] {
        routes.nearMisses(request)
    }
}
