/// Something that serves routes: the route files, or the built-in bank. Routing asks each in turn.
package protocol RouteSource: Sendable {
    /// Answers into the exchange and returns true when this source has a route for the request;
    /// false lets the next source try. Never waits: a delay is part of the engine's plan
    /// (`WirePlan.delayMs`), carried out by the transport, so the engine may run on an event loop.
    func answer(_ exchange: inout RouteExchange) throws(APIError) -> Bool
    /// The route that would answer, as the journal names it, without answering (for injected statuses).
    func routeName(for request: StubRequest) -> String?
    /// Why each of its routes did not match, for the 404 of an unmatched request.
    func nearMisses(_ request: StubRequest) -> [NearMiss]
}
