import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Turns every request into a response: session (header or `/_s/<session>/` prefix), admin API,
/// behaviours (headers, admin, scenario), routing (route files, then the bank), then signing and the journal.
public struct StubResponder: HTTPResponder {
    public typealias Context = StubRequestContext

    let backend: StubBackend

    public init(backend: StubBackend) {
        self.backend = backend
    }

    static let requestIdHeader = HTTPField.Name("X-Request-Id")!
    static let sessionHeader = HTTPField.Name("X-Stub-Session")!
    static let signatureHeader = HTTPField.Name("X-Signature")!

    public func respond(to request: Request, context: StubRequestContext) async throws -> Response {
        let started = ContinuousClock.now
        let receivedAt = Date()
        let requestId = Self.requestId(from: request.headers) ?? backend.nextRequestId()
        let path = request.uri.path
        var stubRequest = StubRequest(
            method: request.method.rawValue, path: path, pathSegments: [],
            query: Self.query(request.uri.query), headers: request.headers, body: [], session: "default",
            requestId: requestId)

        var decision = BehaviourDecision.none
        var routeName: String?
        var stub: StubResponse
        do {
            (stubRequest.session, stubRequest.path) = try SessionPrefix.resolve(path: path, headers: request.headers)
            stubRequest.pathSegments = RoutePattern.segments(of: stubRequest.path)
            stubRequest.body = try await Self.collectBody(request, limit: backend.configuration.maxBodyBytes)
            if stubRequest.path == AdminAPI.prefix || stubRequest.path.hasPrefix(AdminAPI.prefix + "/") {
                let response = try await AdminAPI(backend: backend).handle(stubRequest, context: context)
                return Self.finish(response, requestId: requestId, signer: nil, tamper: false)
            }
            let pinned = HeaderBehaviour.isRequested(in: request.headers) ? try backend.drawHeaderDecision { generator throws(APIError) in
                try HeaderBehaviour.decision(from: request.headers, generator: &generator)
            } : nil
            decision = pinned ?? backend.behaviours.decide(method: stubRequest.method, pathSegments: stubRequest.pathSegments,
                                           session: stubRequest.session)
            if decision.delayMs > 0 {
                try await FaultInjector.delay(milliseconds: decision.delayMs)
            }
            try await dropConnectionIfAsked(decision, stubRequest, context: context, receivedAt: receivedAt, started: started, route: nil)
            let routed = try await dispatch(&stubRequest, decision: decision)
            stub = routed.response
            routeName = routed.route
            if let answer = routed.fileAnswer {
                try await applyRouteBehaviour(answer, to: &decision)
                try await dropConnectionIfAsked(decision, stubRequest, context: context, receivedAt: receivedAt, started: started,
                                                route: routeName)
            }
        } catch let error as APIError {
            stub = .error(error, requestId: requestId)
        }

        for (name, value) in decision.headers {
            if let field = HTTPField.Name(name) { stub.headers[field] = value }
        }
        var response = Self.finish(stub, requestId: requestId, signer: backend.signer, tamper: decision.tamperSignature)
        switch decision.fault {
        case .malformed:
            response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: FaultInjector.malformed(stub.body)))
            response.headers[.contentType] = "application/json"
        case .wrongContentType:
            response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: FaultInjector.wrongContentTypeBody))
            response.headers[.contentType] = "text/html; charset=utf-8"
        case .truncated:
            response.body = FaultInjector.truncatedBody(stub.body, channel: context.channel)
        default:
            if let bandwidth = decision.bandwidth {
                response.body = FaultInjector.throttledBody(stub.body, bandwidth: bandwidth)
            }
        }
        record(stubRequest, receivedAt: receivedAt, started: started, route: routeName, status: Int(response.status.code),
               fault: decision.fault, decision: decision)
        return response
    }

    /// Resets, closes or hangs the connection when the decision asks for it; the request is journalled first.
    private func dropConnectionIfAsked(_ decision: BehaviourDecision, _ request: StubRequest, context: StubRequestContext,
                                       receivedAt: Date, started: ContinuousClock.Instant, route: String?) async throws {
        guard let fault = decision.fault, [.reset, .empty, .hang].contains(fault) else { return }
        record(request, receivedAt: receivedAt, started: started, route: route, status: nil, fault: fault, decision: decision)
        switch fault {
        case .reset: await FaultInjector.reset(context.channel)
        case .empty: await FaultInjector.closeWithoutResponse(context.channel)
        default: await FaultInjector.hang(context.channel, limit: .seconds(backend.configuration.hangLimitSeconds))
        }
        throw ChannelError.ioOnClosedChannel
    }

    /// A route file's own latency, fault, bandwidth and signature tampering, where no header,
    /// admin or scenario behaviour already decided that part.
    private func applyRouteBehaviour(_ answer: FileRouteAnswer, to decision: inout BehaviourDecision) async throws {
        let behaviour = answer.behaviour
        if decision.delayMs == 0, let latency = behaviour.latency {
            var generator = SeededGenerator(seed: SeededGenerator.derive(answer.seed, "latency"))
            let delay = latency.sample(using: &generator)
            if delay > 0 {
                try await FaultInjector.delay(milliseconds: delay)
                decision.delayMs = delay
            }
        }
        if decision.fault == nil, let fault = behaviour.fault {
            decision.fault = fault
        }
        if decision.bandwidth == nil { decision.bandwidth = behaviour.bandwidth }
        if behaviour.tamperSignature == true { decision.tamperSignature = true }
    }

    /// What routing produced: the response, the route's name for the journal, and a route file's answer.
    private struct Routed {
        var response: StubResponse
        var route: String?
        var fileAnswer: FileRouteAnswer?
    }

    /// Applies a status override, or routes: route files first, then the built-in bank, then a near-miss 404.
    private func dispatch(_ request: inout StubRequest, decision: BehaviourDecision) async throws(APIError) -> Routed {
        let files = backend.fileRoutes
        let body = files.count > 0 ? FileRouteSet.decodeBody(request.body) : nil
        let fileMatch = files.count > 0 ? files.match(request, body: body) : nil
        let bankMatch = fileMatch == nil ? backend.routes.match(method: request.method, pathSegments: request.pathSegments) : nil
        var routeName: String?
        if let fileMatch { routeName = "\(fileMatch.route.pattern.description) [\(fileMatch.route.id)]" }
        if case .found(let route, _) = bankMatch { routeName = route.pattern.description }
        if let status = decision.status, status >= 400 {
            var error = ErrorCatalogue.error(forStatus: status, code: decision.error?.code)
            if let message = decision.error?.message { error.message = message }
            if let display = decision.error?.displayMessage { error.displayMessage = display }
            if let retryable = decision.error?.retryable { error.retryable = retryable }
            return Routed(response: .error(error, requestId: request.requestId), route: routeName)
        }
        var routed = Routed(response: StubResponse(status: .ok, body: []), route: routeName)
        if let (route, input) = fileMatch {
            let selection = try backend.fileRouteState.select(route, input: input, prefer: try PreferChoice(request.headers))
            let answer = FileRouteAnswer(selection: selection, route: route, input: input, now: backend.clock())
            routed.response = answer.response
            routed.fileAnswer = answer
        } else {
            switch bankMatch {
            case .found(let route, let parameters):
                request.parameters = parameters
                let principal = route.requiresAuth ? try await backend.bank.authenticate(accessToken: request.bearerToken) : nil
                if route.expectsJSONBody { try Self.requireJSON(request) }
                routed.response = try await route.handler(Route.Call(request: request, principal: principal, bank: backend.bank))
            case .methodNotAllowed(let allowed):
                var error = APIError(status: .methodNotAllowed, type: "invalid_request", code: "method_not_allowed",
                                     message: "\(request.method) is not supported on \(request.path); use \(allowed.joined(separator: ", ")).",
                                     displayMessage: "Something went wrong. Please try again.")
                error.headers["Allow"] = allowed.joined(separator: ", ")
                routed.response = .error(error, requestId: request.requestId)
            case .notFound, nil:
                let misses = files.nearMisses(request, body: body) + backend.routes.routes.compactMap {
                    NearMiss.explain($0.pattern, method: request.method, segments: request.pathSegments, source: "built-in bank")
                }
                routed.response = .error(Self.notFound(request, closest: NearMiss.closest(misses)), requestId: request.requestId)
            }
        }
        if let status = decision.status { routed.response.status = HTTPResponse.Status(code: status) }
        return routed
    }

    /// 404 naming the closest routes and, for each, the first reason it did not match.
    static func notFound(_ request: StubRequest, closest: [NearMiss]) -> APIError {
        let summary = closest.isEmpty ? "No routes are loaded."
            : "Closest: " + closest.map { "\($0.route) (\($0.reason))" }.joined(separator: "; ") + "."
        return APIError(status: .notFound, type: "not_found", code: "route_not_found",
                        message: "No route for \(request.method) \(request.path). \(summary)",
                        displayMessage: "We couldn't find what you were looking for.",
                        details: closest.map { WireErrorDetail(code: "near_miss", path: $0.route, message: "\($0.source): \($0.reason)") })
    }

    private static func requireJSON(_ request: StubRequest) throws(APIError) {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/json") else {
            throw APIError(status: .unsupportedMediaType, type: "invalid_request", code: "unsupported_media_type",
                           message: "Send the body as application/json, not \(type.isEmpty ? "no Content-Type" : type).",
                           displayMessage: "Something went wrong. Please try again.")
        }
    }

    /// Builds the Hummingbird response: content type, request id, signature.
    static func finish(_ stub: StubResponse, requestId: String, signer: ResponseSigner?, tamper: Bool) -> Response {
        var headers = stub.headers
        if !stub.contentType.isEmpty { headers[.contentType] = stub.contentType }
        headers[requestIdHeader] = requestId
        if let signer {
            headers[signatureHeader] = tamper ? signer.tamperedSignature(for: stub.body) : signer.signature(for: stub.body)
        }
        let body = stub.body.isEmpty ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: stub.body))
        return Response(status: stub.status, headers: headers, body: body)
    }

    private func record(_ request: StubRequest, receivedAt: Date, started: ContinuousClock.Instant, route: String?,
                        status: Int?, fault: Fault?, decision: BehaviourDecision) {
        let elapsed = ContinuousClock.now - started
        backend.journal.record(JournalRecord(
            requestId: request.requestId, receivedAt: receivedAt, method: request.method, path: request.path,
            query: request.query, session: request.session, route: route, status: status, fault: fault,
            behaviour: decision.behaviourId,
            latencyMs: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15,
            headers: request.headers))
    }

    static func requestId(from headers: HTTPFields) -> String? {
        guard let value = headers[requestIdHeader], (1...128).contains(value.count),
              value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) }) else { return nil }
        return value
    }

    static func session(from headers: HTTPFields) throws(APIError) -> String {
        guard let value = headers[sessionHeader] else { return "default" }
        guard (1...64).contains(value.count), value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw APIError.field("X-Stub-Session", "X-Stub-Session must be 1 to 64 letters, digits, '-', '_' or '.'")
        }
        return value
    }

    static func collectBody(_ request: Request, limit: Int) async throws(APIError) -> [UInt8] {
        // HTTP/1.1: with neither header there is no body (RFC 9112 §6.3), so most GETs skip
        // iterating an empty body stream.
        guard request.headers[.contentLength] != nil || request.headers[.transferEncoding] != nil else { return [] }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch {
            throw APIError.payloadTooLarge(limit: limit)
        }
    }

    static func query(_ text: String?) -> [String: [String]] {
        guard let text, !text.isEmpty else { return [:] }
        var result: [String: [String]] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (s: Substring) in String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s) }
            result[decode(parts[0]), default: []].append(parts.count > 1 ? decode(parts[1]) : "")
        }
        return result
    }
}
