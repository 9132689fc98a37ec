import Foundation

/// One request on its way through the stub's stages, and what each stage decided.
///
/// The stages, in order (`StubResponder` runs them):
/// 1. intake: request id, query, session (`SessionPrefix`), body (`RequestBody`);
/// 2. the admin API, which answers on its own;
/// 3. `BehaviourStage`: which behaviour applies (header, admin, scenario);
/// 4. `ConnectionFault`: wait the injected delay, or drop the connection;
/// 5. `StatusOverride`: an injected 4xx/5xx answers instead of any route;
/// 6. `Routing`: route files, then the built-in bank, then a near-miss 404;
/// 7. `RouteFileBehaviour`: a route file's own latency and faults;
/// 8. `BodylessResponse`, `ResponseFinish` and `BodyFault`: no body for 204, 304 and HEAD;
///    headers and signature; a spoiled or throttled body;
/// 9. the journal.
struct StubExchange: Sendable {
    var request: StubRequest
    let receivedAt: Date
    let started: ContinuousClock.Instant
    var decision = BehaviourDecision.none
    /// The matched route, as the journal names it.
    var route: String?
    /// When no route matched: the closest one and why it missed, for the journal.
    var nearMiss: String?
    /// Set by the stage that answers.
    var response: StubResponse?
    /// A route file's answer, whose behaviour applies after routing.
    var fileAnswer: FileRouteAnswer?

    var requestId: String { request.requestId }
}
