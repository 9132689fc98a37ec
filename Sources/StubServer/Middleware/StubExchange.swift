import Foundation
import Hummingbird

/// One request on its way through the stub's middleware, and what each one decided. It goes in
/// through every middleware and comes back out (see `StubMiddleware`), so the journal sees all of it.
///
/// A class, not a struct: each middleware writes its decision into the one exchange instead of
/// copying thirty-odd fields on the way in and out, which cost 7% of the bank route's CPU per
/// request (measured with `Benchmarks/bench.sh --quick`). One task answers a request, and its
/// middleware run one after another, so nothing touches an exchange concurrently.
///
/// The middleware, outermost first (`StubResponder.stack`):
/// 1. `JournalMiddleware`: writes the exchange to the journal, once, whatever happened inside;
/// 2. `BodyFaultMiddleware`: a spoiled or throttled body;
/// 3. `SigningMiddleware`: no body for 204, 304 and HEAD; headers, request id and signature;
/// 4. `SessionMiddleware`: the session (`/_s/<session>/` or `X-Stub-Session`) and the base path;
/// 5. `RequestBodyMiddleware`: the body, up to the limit;
/// 6. `AdminMiddleware`: the admin API, which answers on its own;
/// 7. `BehaviourMiddleware`: which behaviour applies (header, admin, scenario);
/// 8. `LatencyMiddleware`: the injected delay;
/// 9. `ConnectionFaultMiddleware`: drops the connection before routing, or after it (`reset-after`);
/// 10. `StatusOverrideMiddleware`: an injected 4xx/5xx answers instead of any route;
/// 11. `RouteFileBehaviourMiddleware`: a route file's own latency and faults;
/// 12. `Routing`, the responder at the centre: route files, then the built-in bank, then a near-miss 404.
final class StubExchange: @unchecked Sendable {
    var request: StubRequest
    let receivedAt: Date
    let started: ContinuousClock.Instant
    /// What the stubs folder serves, taken once for the whole request.
    let serving: StubBackend.Serving
    /// The request body as it arrives, until `RequestBodyMiddleware` reads it into `request.body`.
    var unreadBody: RequestBody?
    var decision = BehaviourDecision.none
    /// The matched route, as the journal names it.
    var route: String?
    /// When no route matched: the closest one and why it missed, for the journal.
    var nearMiss: String?
    /// Set by the middleware that answers.
    var response: StubResponse?
    /// A route file's answer, whose behaviour applies after routing.
    var fileAnswer: FileRouteAnswer?
    /// True once a route source answered without an error; only then do a 1xx–3xx status
    /// override, a route file's behaviour and `reset-after` apply.
    var routeAnswered = false
    /// The HTTP response as it will be written: built by `SigningMiddleware`, or by the admin API.
    var sent: Response?
    /// Answered by the admin API: not signed, spoiled or journalled.
    var answeredByAdmin = false

    init(request: StubRequest, receivedAt: Date, started: ContinuousClock.Instant, serving: StubBackend.Serving) {
        self.request = request
        self.receivedAt = receivedAt
        self.started = started
        self.serving = serving
    }

    var requestId: String { request.requestId }

    /// Answers with `error`'s envelope: a middleware's way to refuse a request.
    func answering(_ error: APIError) -> StubExchange {
        response = .error(error, requestId: requestId)
        return self
    }
}
