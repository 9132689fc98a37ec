package import Foundation

/// One request and what the route engine decided for it: which behaviour applies, which route
/// answered, and the answer. Route sources write into it (`RouteSource.answer`).
///
/// A struct that the HTTP server's exchange (`StubExchange` in StubServer) holds in place and
/// lends to each step with `inout`, so a request still costs one allocation and no step copies
/// the decisions in and out (a copied exchange cost 7% of the bank route's CPU per request,
/// measured with `Benchmarks/bench.sh --quick`).
package struct RouteExchange {
    /// The request, with its session, path parameters and body once they are known.
    package var request: StubRequest
    /// The wall-clock time the request arrived, for the journal and templates.
    package let receivedAt: Date
    /// When the request arrived, for its duration in the journal.
    package let started: ContinuousClock.Instant
    /// Which behaviour applies (header, admin, scenario).
    package var decision = BehaviourDecision.none
    /// The matched route, as the journal names it.
    package var route: String?
    /// When no route matched: the closest one and why it missed, for the journal.
    package var nearMiss: String?
    /// Set by whatever answers.
    package var response: StubResponse?
    /// A route file's answer, whose behaviour applies after routing.
    package var fileAnswer: FileRouteAnswer?
    /// True once a route source answered without an error; only then do a 1xx–3xx status
    /// override, a route file's behaviour and `reset-after` apply.
    package var routeAnswered = false

    /// An exchange for `request`, received at `receivedAt` (wall clock) and `started` (for durations).
    package init(request: StubRequest, receivedAt: Date, started: ContinuousClock.Instant) {
        self.request = request
        self.receivedAt = receivedAt
        self.started = started
    }

    /// The request's id, as the journal and the error envelope show it.
    package var requestId: String { request.requestId }
}
