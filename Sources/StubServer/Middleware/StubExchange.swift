import Foundation
import Hummingbird
import StubEngine
import BuiltInBank

/// One request on its way through the stub's middleware, and what each one decided. It goes in
/// through every middleware and comes back out (see `StubMiddleware`), so the journal sees all of it.
///
/// The route engine's decisions (behaviour, route, answer) are `RouteExchange`'s; this adds what
/// only the HTTP server has: what the stubs folder serves for the whole request, the body as it
/// arrives, and the HTTP response as it will be written.
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
    /// The route engine's part, lent to route sources and engine steps with `inout`.
    var core: RouteExchange
    /// The wall-clock time the request arrived, for the journal and templates.
    let receivedAt: Date
    /// When the request arrived, for its duration in the journal.
    let started: ContinuousClock.Instant
    /// What the stubs folder serves, taken once for the whole request.
    let serving: StubBackend.Serving
    /// The request body as it arrives, until `RequestBodyMiddleware` reads it into `request.body`.
    var unreadBody: RequestBody?
    /// The HTTP response as it will be written: built by `SigningMiddleware`, or by the admin API.
    var sent: Response?
    /// Answered by the admin API: not signed, spoiled or journalled.
    var answeredByAdmin = false

    init(_ core: RouteExchange, receivedAt: Date, started: ContinuousClock.Instant, serving: StubBackend.Serving) {
        self.core = core
        self.receivedAt = receivedAt
        self.started = started
        self.serving = serving
    }

    // The engine's decisions, read and changed in place: `_read` and `_modify` lend the stored
    // field, where a `get` loaded the whole exchange to read one field of it (15 retains a read).

    /// The request, with its session, path parameters and body once they are known.
    var request: StubRequest {
        _read { yield core.request }
        _modify { yield &core.request }
    }

    /// Which behaviour applies (header, admin, scenario).
    var decision: BehaviourDecision {
        _read { yield core.decision }
        _modify { yield &core.decision }
    }

    /// The matched route, as the journal names it.
    var route: String? {
        _read { yield core.route }
        _modify { yield &core.route }
    }

    /// When no route matched: the closest one and why it missed, for the journal.
    var nearMiss: String? {
        _read { yield core.nearMiss }
        _modify { yield &core.nearMiss }
    }

    /// Set by the middleware that answers.
    var response: StubResponse? {
        _read { yield core.response }
        _modify { yield &core.response }
    }

    /// A route file's answer, whose behaviour applies after routing.
    var fileAnswer: FileRouteAnswer? {
        _read { yield core.fileAnswer }
        _modify { yield &core.fileAnswer }
    }

    /// True once a route source answered without an error.
    var routeAnswered: Bool {
        _read { yield core.routeAnswered }
        _modify { yield &core.routeAnswered }
    }

    /// The request's id, as the journal and the error envelope show it.
    var requestId: String { core.request.requestId }

    /// Answered by the route sources the stubs folder serves (`Routing`): the responder at the
    /// centre of the middleware.
    func routed() -> StubExchange {
        Routing.answer(&core, sources: serving.sources)
        return self
    }

    /// Answers with `error`'s envelope: a middleware's way to refuse a request.
    func answering(_ error: APIError) -> StubExchange {
        response = .error(error, requestId: requestId)
        return self
    }
}
