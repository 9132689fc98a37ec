package import HTTPTypes

/// One request and what the route engine decided for it: which behaviour applies, which route
/// answered, and the answer. Route sources write into it (`RouteSource.answer`).
///
/// It holds only types whose size the compiler knows in every module of the package: the arrival
/// times (`Date`, `ContinuousClock.Instant`, from libraries built for evolution) are the server's,
/// so an async middleware that touches the exchange needs no extra task allocation for them.
///
/// A struct that the HTTP server's exchange (`StubExchange` in StubServer) holds in place and
/// lends to each step with `inout`, so a request still costs one allocation and no step copies
/// the decisions in and out (a copied exchange cost 7% of the bank route's CPU per request,
/// measured with `Benchmarks/bench.sh --quick`).
package struct RouteExchange {
    /// The request, with its session, path parameters and body once they are known.
    package var request: StubRequest
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

    /// The exchange for a request as the server read its head: the path split into segments and
    /// the query parsed, in the default session with no body yet. The request is built here, in
    /// the engine, because Swift does not inline a `package` initializer into another module, and
    /// the out-of-line call copied the whole request (measured: 8 more retains per request).
    package init(method: String, path: String, rawQuery: String?, headers: HTTPFields, requestId: String, authority: String?) {
        self.request = StubRequest(method: method, path: path, pathSegments: RoutePattern.segments(of: path),
                                   query: QueryString.parse(rawQuery), headers: headers, body: [], session: "default",
                                   requestId: requestId, authority: authority, rawQuery: rawQuery)
    }

    /// The request's id, as the journal and the error envelope show it.
    package var requestId: String { request.requestId }
}
