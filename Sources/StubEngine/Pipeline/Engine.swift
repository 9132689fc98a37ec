import Atomics
import Foundation
package import HTTPTypes
import NIOConcurrencyHelpers
import StubFormats

/// Decides every answer the stub gives, once, synchronously and with no socket: the event loop,
/// the Hummingbird path and the in-process `URLProtocol` all call `answer(_:)` and carry out the
/// plan it returns (see `../shared/DESIGN.md`, "One engine, three transports").
///
/// The order, once: session prefix → base path → a body the transport could not read → admin
/// (handed back as `WirePlan.admin`, never a stage the others step around) → behaviour (request
/// header, then installed, then scenario), drawn once → a connection fault that acts before
/// routing → status override → route sources (`Routing`) → a route file's own behaviour →
/// a fault that acts after routing → no body for 204, 304 and HEAD → extra headers, request id,
/// signature → a spoiled body → journal (for a plan that waits first, a `JournalTicket` the
/// transport commits once the wait is over).
package final class Engine: Sendable {
    package static let requestIdHeader = HTTPField.Name("X-Request-Id")!
    package static let signatureHeader = HTTPField.Name("X-Signature")!
    /// Faults that end the connection before any route runs.
    package static let dropsBeforeRouting: Set<Fault> = [.reset, .empty, .hang]
    /// Faults that end the connection once a route has answered.
    package static let dropsAfterRouting: Set<Fault> = dropsBeforeRouting.union([.resetAfter])

    /// What the stubs folder serves now: the route sources in order, and `stubbank.yaml`'s base path.
    package struct Routes: Sendable {
        package var sources: [any RouteSource]
        package var basePath: String?

        package init(sources: [any RouteSource], basePath: String?) {
            self.sources = sources
            self.basePath = basePath
        }
    }

    package let behaviours: BehaviourBook
    package let sessions: SessionRegistry
    package let journal: RequestJournal
    package let signer: ResponseSigner
    /// How long a `hang` holds a connection at most.
    package let hangLimitSeconds: Int
    private let routes: NIOLockedValueBox<Routes>
    private let headerGenerator: NIOLockedValueBox<SeededGenerator>
    private let requestCounter = ManagedAtomic(0)
    /// Forgets an evicted session's state (ledgers, counters, behaviours, hits) wherever it lives.
    private let evict: @Sendable (String, SessionRegistry.Reason) -> Void

    /// - Parameters:
    ///   - evict: called for each session that a request's use pushes out (`SessionRegistry`).
    package init(routes: Routes, behaviours: BehaviourBook, sessions: SessionRegistry, journal: RequestJournal, signer: ResponseSigner,
                 seed: UInt64, hangLimitSeconds: Int, evict: @escaping @Sendable (String, SessionRegistry.Reason) -> Void) {
        self.routes = NIOLockedValueBox(routes)
        self.behaviours = behaviours
        self.sessions = sessions
        self.journal = journal
        self.signer = signer
        self.hangLimitSeconds = hangLimitSeconds
        self.headerGenerator = NIOLockedValueBox(SeededGenerator(seed: SeededGenerator.derive(seed, "headers")))
        self.evict = evict
    }

    /// The route sources and base path served now.
    package var served: Routes { routes.withLockedValue { $0 } }

    /// Serves `routes` from the next request on (a reload).
    package func serve(_ routes: Routes) {
        self.routes.withLockedValue { $0 = routes }
    }

    /// The client's own `X-Request-Id` when it is short and plain, else the next of the stub's.
    package func requestId(for headers: HTTPFields) -> String {
        Self.requestId(from: headers) ?? nextRequestId()
    }

    /// The stub's next request id, `req_<base 36>`.
    package func nextRequestId() -> String {
        Self.requestId(number: requestCounter.wrappingIncrementThenLoad(ordering: .relaxed))
    }

    private static let base36Digits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    /// `req_` and `number` in base 36, written into the string's own storage: `String(_:radix:)`
    /// was a tenth of the engine's time per request in process (Benchmarks/README.md).
    package static func requestId(number: Int) -> String {
        let value = UInt(bitPattern: number)
        var digitCount = 1
        var rest = value / 36
        while rest > 0 {
            digitCount += 1
            rest /= 36
        }
        return String(unsafeUninitializedCapacity: 4 + digitCount) { buffer in
            for (index, byte) in "req_".utf8.enumerated() { buffer[index] = byte }
            var remaining = value
            for index in stride(from: 3 + digitCount, through: 4, by: -1) {
                buffer[index] = base36Digits[Int(remaining % 36)]
                remaining /= 36
            }
            return 4 + digitCount
        }
    }

    /// A client's own `X-Request-Id` is kept when it is short and plain.
    package static func requestId(from headers: HTTPFields) -> String? {
        guard headers.contains(requestIdHeader), let value = headers[requestIdHeader], (1...128).contains(value.count),
              value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) }) else { return nil }
        return value
    }

    /// Decides the answer to `request`, writes it to the journal (unless it is the admin API's),
    /// and returns what the transport must do.
    package func answer(_ request: EngineRequest) -> WirePlan {
        let receivedAt = Date()
        let started = ContinuousClock.now
        let (path, query) = request.pathAndQuery
        var exchange = RouteExchange(method: request.method, path: path, rawQuery: query, headers: request.headers,
                                     requestId: requestId(for: request.headers), authority: request.authority)
        exchange.request.body = request.body
        let served = self.served
        if let admin = decide(&exchange, refusal: request.refusal, served: served) { return .admin(admin) }
        return finish(&exchange, receivedAt: receivedAt, started: started)
    }

    /// Everything up to the answer; returns the request when it is the admin API's.
    private func decide(_ exchange: inout RouteExchange, refusal: APIError?, served: Routes) -> StubRequest? {
        do {
            try SessionPrefix.apply(to: &exchange)
        } catch {
            exchange.response = .error(error, requestId: exchange.requestId)
            return nil
        }
        BasePath.strip(&exchange, basePath: served.basePath)
        for (evicted, reason) in sessions.touch(exchange.request.session) { evict(evicted, reason) }
        if let refusal {
            exchange.response = .error(refusal, requestId: exchange.requestId)
            return nil
        }
        if AdminPath.owns(exchange.request.path) { return exchange.request }
        do {
            exchange.decision = try decision(for: exchange.request)
        } catch {
            exchange.response = .error(error, requestId: exchange.requestId)
            return nil
        }
        if let fault = exchange.decision.fault, Self.dropsBeforeRouting.contains(fault) { return nil }
        if let status = exchange.decision.status, status >= 400 {
            exchange.response = .error(Self.overridingError(status: status, decision: exchange.decision), requestId: exchange.requestId)
            exchange.route = Routing.name(exchange.request, sources: served.sources)
            return nil
        }
        Routing.answer(&exchange, sources: served.sources)
        guard exchange.routeAnswered else { return nil }
        if let status = exchange.decision.status { exchange.response?.status = HTTPResponse.Status(code: status) }
        adoptRouteFileBehaviour(&exchange)
        return nil
    }

    /// `X-Stub-*` headers pin a behaviour for this request; otherwise the first installed
    /// behaviour that fires, then the active scenario's. A malformed header is a 400 naming it.
    private func decision(for request: StubRequest) throws(APIError) -> BehaviourDecision {
        if HeaderBehaviour.isRequested(in: request.headers) {
            let result = headerGenerator.withLockedValue { generator in
                Result { () throws(APIError) -> BehaviourDecision? in
                    try HeaderBehaviour.decision(from: request.headers, generator: &generator)
                }
            }
            if let pinned = try result.get() { return pinned }
        }
        return behaviours.decide(method: request.method, pathSegments: request.pathSegments, session: request.session)
    }

    /// The error envelope for an injected 4xx or 5xx, with the behaviour's own code and messages
    /// where it gives them (`ErrorCatalogue`).
    package static func overridingError(status: Int, decision: BehaviourDecision) -> APIError {
        let override = decision.error
        var error = ErrorCatalogue.error(forStatus: status, code: override?.code)
        if let message = override?.message { error.message = message }
        if let display = override?.displayMessage { error.displayMessage = display }
        if let retryable = override?.retryable { error.retryable = retryable }
        return error
    }

    /// A route file's own latency, fault, bandwidth and signature tampering, each only where no
    /// header, admin or scenario behaviour decided that part already, so a test can still pin one.
    private func adoptRouteFileBehaviour(_ exchange: inout RouteExchange) {
        guard let answer = exchange.fileAnswer else { return }
        let behaviour = answer.behaviour
        if exchange.decision.delayMs == 0, let latency = behaviour.latency {
            var generator = SeededGenerator(seed: SeededGenerator.derive(answer.seed, "latency"))
            exchange.decision.delayMs = latency.sample(using: &generator)
        }
        if exchange.decision.fault == nil { exchange.decision.fault = behaviour.fault }
        if exchange.decision.bandwidth == nil { exchange.decision.bandwidth = behaviour.bandwidth }
        if behaviour.tamperSignature == true { exchange.decision.tamperSignature = true }
    }

    /// The drop, the signed head and the body as they go out; journals the exchange.
    private func finish(_ exchange: inout RouteExchange, receivedAt: Date, started: ContinuousClock.Instant) -> WirePlan {
        let delayMs = exchange.decision.delayMs
        if let drop = drop(for: exchange) {
            // A drop before routing sends nothing; `reset-after` journals the status the route decided.
            let acted = exchange.decision.fault == .resetAfter ? exchange.response.map { Int($0.status.code) } : nil
            let ticket = record(&exchange, receivedAt: receivedAt, started: started, delayMs: delayMs, status: acted, headers: [:])
            return WirePlan(requestId: exchange.requestId, status: .ok, headers: [:], body: [], delayMs: delayMs, drop: drop,
                            journal: ticket)
        }
        BodylessResponse.strip(&exchange)
        var answer = exchange.response ?? StubResponse(status: .internalServerError, body: [])
        for (name, value) in exchange.decision.headers {
            if let field = HTTPField.Name(name) { answer.headers[field] = value }
        }
        var headers = Self.head(answer, requestId: exchange.requestId)
        headers.put(Self.signatureHeader, exchange.decision.tamperSignature
            ? signer.tamperedSignature(for: answer.body) : signer.signature(for: answer.body))
        var body = answer.body
        var pacing = WirePlan.Pacing.whole
        if !BodylessResponse.applies(status: Int(answer.status.code), method: exchange.request.method) {
            switch exchange.decision.fault {
            case .malformed:
                body = SpoiledBody.malformed(body)
                headers[.contentType] = "application/json"
            case .wrongContentType:
                body = SpoiledBody.wrongContentType
                headers[.contentType] = "text/html; charset=utf-8"
            case .truncated:
                pacing = .truncated
            default:
                if let bandwidth = exchange.decision.bandwidth { pacing = .paced(bandwidth) }
            }
        }
        if !headers.contains(.contentLength) { headers.append(HTTPField(name: .contentLength, value: String(body.count))) }
        let ticket = record(&exchange, receivedAt: receivedAt, started: started, delayMs: delayMs, status: Int(answer.status.code),
                            headers: headers)
        return WirePlan(requestId: exchange.requestId, status: answer.status, headers: headers, body: body, delayMs: delayMs,
                        pacing: pacing, journal: ticket)
    }

    /// The answer's head before signing: its own fields, its content type and the request id
    /// (the admin API's answers go out so, unsigned). A route that names its own `X-Request-Id`
    /// (a recording of a bank that sets one) keeps it.
    package static func head(_ answer: StubResponse, requestId: String) -> HTTPFields {
        var headers = answer.headers
        // Room for what the engine adds (type, request id, signature, length), so appending
        // never copies the fields to grow them; most answers name none of these, and appending
        // skips the search-and-replace a set does.
        headers.reserveCapacity(headers.count + 4)
        if !answer.contentType.isEmpty { headers.put(.contentType, answer.contentType) }
        if !headers.contains(requestIdHeader) { headers.append(HTTPField(name: requestIdHeader, value: requestId)) }
        return headers
    }

    /// How the connection ends instead of answering, if the decision asks: before routing
    /// (`reset`, `empty`, `hang`), or once a route answered (those, `reset-after`, or a route
    /// file's own fault).
    private func drop(for exchange: RouteExchange) -> WirePlan.Drop? {
        guard let fault = exchange.decision.fault,
              (exchange.routeAnswered ? Self.dropsAfterRouting : Self.dropsBeforeRouting).contains(fault) else { return nil }
        // A request refused before routing (a bad header, an override) never reaches the route's fault.
        if !exchange.routeAnswered, exchange.response != nil { return nil }
        switch fault {
        case .reset, .resetAfter: return .reset
        case .empty: return .closeWithoutResponse
        default: return .hang(limitSeconds: hangLimitSeconds)
        }
    }

    /// Journals the exchange now, or, when the plan waits first, returns the ticket the transport
    /// commits once the wait is over (the client may leave during it, and then nothing was sent).
    /// Never inlined: the record's temporaries stay in this frame.
    @inline(never)
    private func record(_ exchange: inout RouteExchange, receivedAt: Date, started: ContinuousClock.Instant, delayMs: Double,
                        status: Int?, headers: HTTPFields) -> JournalTicket? {
        guard delayMs == 0 else {
            return journal.ticket(&exchange, receivedAt: receivedAt, started: started, status: status, responseHeaders: headers)
        }
        journal.record(&exchange, receivedAt: receivedAt, status: status, responseHeaders: headers,
                       latencyMs: (ContinuousClock.now - started).inMilliseconds)
        return nil
    }
}
