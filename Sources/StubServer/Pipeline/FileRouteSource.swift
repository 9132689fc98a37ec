import Foundation

/// The route files as a route source: match, pick a response, render it.
struct FileRouteSource: RouteSource {
    let routes: FileRouteSet
    let state: FileRouteState
    let clock: @Sendable () -> Date

    func answer(_ exchange: inout StubExchange) async throws(APIError) -> Bool {
        guard routes.count > 0,
              let (route, input) = routes.match(exchange.request) else { return false }
        exchange.route = route.journalName
        let selection = try state.select(route, input: input, prefer: try PreferChoice(exchange.request.headers))
        let answer = FileRouteAnswer(selection: selection, route: route, input: input, now: clock())
        exchange.response = answer.response
        exchange.fileAnswer = answer
        return true
    }

    func routeName(for request: StubRequest) -> String? {
        guard routes.count > 0 else { return nil }
        return routes.match(request).map(\.route.journalName)
    }

    func nearMisses(_ request: StubRequest) -> [NearMiss] {
        routes.nearMisses(request)
    }
}
