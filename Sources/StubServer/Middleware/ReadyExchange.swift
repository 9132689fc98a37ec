import Atomics
import HTTPTypes
import Hummingbird
import HummingbirdCore
import StubEngine
import BuiltInBank

/// The requests whose answer is ready the moment they are read, answered on the event loop that
/// read them (by `ReadyAnswerHandler`) instead of through Hummingbird's router and a task.
///
/// Each step here is the one `StubResponder`'s middleware takes, in the same order, so the answer, the
/// journal entry, the route's hit count and the route file's counters are the same as on the
/// full path. A request is answered here only when none of the middleware that wait or spoil applies,
/// which is checked before anything changes; otherwise it goes on to `StubResponder` untouched:
/// - no admin or scenario behaviour is installed, and no `X-Stub-Status`, `-Delay` or `-Fault`
///   header asks for one;
/// - the path (after any `/_s/<session>/` prefix and base path) is not the admin API's;
/// - a route file's route matches, and none of its responses has `latency`, `bandwidth` or
///   `fault` (`FileRoute.answersAtOnce`); or no route file's route matches and the built-in
///   bank has the path (its answers never wait: `Bank` is synchronous);
/// - the session needs no eviction now (`SessionRegistry.touchIfNothingToEvict`).
/// A request no source has (the near-miss 404) goes on to the full path.
enum ReadyExchange {
    /// The answer as the route gave it, with the head's fields as `Response` would carry them
    /// (content type, request id, signature, `Content-Length`).
    struct Answer {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: [UInt8]
    }

    /// The source that will answer, found before anything changes.
    private enum Found {
        case file(FileRoute, RouteInput)
        case bank(RouteTable.Match)
    }

    /// Answers `head` (a request with no body) and writes it to the journal, or returns nil
    /// with nothing changed when the request needs the full path.
    static func answer(_ head: HTTPRequest, backend: StubBackend) -> Answer? {
        guard backend.behaviours.isEmpty, !HeaderBehaviour.isRequested(in: head.headerFields) else { return nil }
        let serving = backend.serving
        let source = serving.files
        // The request id is drawn only once the request is surely answered here, so a request
        // left to the full path does not use one up.
        let exchange = RequestIntake.exchange(head, uri: URI(head.path ?? ""), requestId: "", serving: serving)
        guard (try? SessionPrefix.apply(to: exchange)) != nil else { return nil }
        BasePath.strip(&exchange.core, basePath: serving.basePath)
        guard !AdminAPI.owns(exchange.request.path) else { return nil }
        let found: Found
        if let (route, matched) = source.match(in: &exchange.core) {
            guard route.answersAtOnce else { return nil }
            found = .file(route, matched)
        } else {
            let match = serving.bank.match(method: exchange.request.method, pathSegments: exchange.request.pathSegments)
            if case .notFound = match { return nil }
            found = .bank(match)
        }
        guard backend.sessions.touchIfNothingToEvict(exchange.request.session) else { return nil }
        exchange.request.requestId = RequestIntake.requestId(for: head.headerFields, backend: backend)
        do {
            switch found {
            case .file(let route, var input):
                input.request.requestId = exchange.request.requestId
                try source.answer(&exchange.core, route: route, input: input)
            case .bank(let match):
                _ = try serving.bank.answer(&exchange.core, match: match)
            }
            exchange.routeAnswered = true
        } catch {
            exchange.response = .error(error, requestId: exchange.requestId)
        }
        RouteFileBehaviourMiddleware.adopt(exchange)
        BodylessResponse.strip(&exchange.core)
        let stub = SigningMiddleware.decided(exchange)
        var headers = SigningMiddleware.headers(stub, requestId: exchange.requestId, signer: backend.signer,
                                             tamper: exchange.decision.tamperSignature)
        // As Hummingbird's `Response` does for a body of known length.
        if !headers.contains(.contentLength) { headers[.contentLength] = String(stub.body.count) }
        JournalMiddleware.record(exchange, status: Int(stub.status.code), responseHeaders: headers, backend: backend)
        backend.eventLoopAnswers.wrappingIncrement(ordering: .relaxed)
        return Answer(status: stub.status, headers: headers, body: stub.body)
    }
}
