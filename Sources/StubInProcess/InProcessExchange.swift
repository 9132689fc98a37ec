import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import StubEngine
import StubRuntime

/// One `URLRequest` answered in this process: the engine decides (`Engine.answer`, the same as
/// over a socket), and this carries out its plan with the connection's waits on the injected
/// clock and its drops turned into the `URLError` the platform's URLSession gives for them.
struct InProcessExchange {
    /// What the URL loading system hears: an answer, with the body in one piece, or a failure
    /// after the part of the body that arrived.
    struct Answer {
        var response: HTTPURLResponse?
        var body: Data
        var failure: URLError?
    }

    let backend: StubBackend
    let clock: any Clock<Duration>

    /// What happens to one request: answered now, or carried on after a wait.
    enum Start {
        /// Nothing has to wait: the answer, to deliver before `startLoading` returns.
        case now(Answer)
        /// A plan that waits on the wire, or the admin API's (which may load files): finish it
        /// with `finish(_:)`.
        case later(Pending)
    }

    /// A request the engine decided and whose answer has to wait.
    struct Pending: Sendable {
        let plan: WirePlan
        let url: URL
        let timeout: Duration
    }

    /// Asks the engine (synchronously, as the event loop does) and, when nothing has to wait,
    /// builds the whole answer, the `HTTPURLResponse` included: the protocol only hands it over
    /// in `startLoading` (URLSession on Linux expects a protocol's client to be called on the
    /// session's own queue, the one `startLoading` runs on), and may decide it before, off that
    /// queue (`StubURLProtocol`).
    func start(_ request: URLRequest, url: URL, at located: InProcessHosts.Located, body: Data) -> Start {
        let timeout = Self.timeout(request.timeoutInterval)
        let plan = backend.engine.answer(Self.engineRequest(request, at: located, body: body))
        guard plan.waitsOnTheWire else {
            let head = Self.urlResponse(status: Int(plan.status.code), headers: plan.headers, url: url)
            return .now(Answer(response: head, body: Data(plan.body), failure: nil))
        }
        return .later(Pending(plan: plan, url: url, timeout: timeout))
    }

    /// Carries out a plan that waits (on the injected clock) or goes to the admin API.
    func finish(_ pending: Pending) async -> Answer {
        let (plan, url) = (pending.plan, pending.url)
        let connection = InProcessConnection(clock: clock, timeout: pending.timeout)
        if let admin = plan.admin {
            let answer = await backend.adminAnswer(admin, isLoopbackPeer: true)
            let head = Self.urlResponse(status: Int(answer.status.code), headers: Engine.head(answer, requestId: admin.requestId), url: url)
            return Answer(response: head, body: Data(answer.body), failure: nil)
        }
        let stop = backend.stopSignal
        do {
            try await WireCarrier.waitThenDrop(plan, connection: connection, stop: stop)
        } catch {
            return Answer(response: nil, body: Data(), failure: Self.failure(after: connection.ended))
        }
        let head = Self.urlResponse(status: Int(plan.status.code), headers: plan.headers, url: url)
        var received = Data()
        do {
            try await WireCarrier.writeBody(plan, connection: connection, stop: stop) { received.append(contentsOf: $0) }
        } catch {
            return Answer(response: head, body: received, failure: Self.failure(after: connection.ended))
        }
        return Answer(response: head, body: received, failure: nil)
    }

    /// How long the client waits for an answer: the request's `timeoutInterval` (60 s when it
    /// is not positive, as URLRequest's default), at most URLSession's default resource timeout
    /// of 7 days, which also ends a request that sets no limit (`.infinity`).
    static func timeout(_ interval: TimeInterval) -> Duration {
        let seconds = interval > 0 ? min(interval, 7 * 86_400) : 60
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// The request as the engine reads it: the URL's target and authority (`InProcessHosts.Located`),
    /// the header fields (with `Content-Length` for a body, as URLSession would send it), the body.
    static func engineRequest(_ request: URLRequest, at located: InProcessHosts.Located, body: Data) -> EngineRequest {
        var fields = HTTPFields()
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        if !body.isEmpty, fields[.contentLength] == nil { fields[.contentLength] = String(body.count) }
        return EngineRequest(method: request.httpMethod ?? "GET", target: located.requestTarget, headers: fields, body: Array(body),
                             authority: located.authority)
    }

    static func urlResponse(status: Int, headers fields: HTTPFields, url: URL) -> HTTPURLResponse? {
        var headers = [String: String](minimumCapacity: fields.count)
        for field in fields {
            let name = field.name.canonicalName
            // One lookup for a field that comes once (nearly all of them); a repeated one is joined.
            if let earlier = headers.updateValue(field.value, forKey: name) { headers[name] = "\(earlier), \(field.value)" }
        }
        return HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
    }

    /// The `URLError` URLSession gives for the way the stub ended the exchange (see
    /// `Docs/UITests.md`, "The URLError each fault gives"): Darwin's codes on Apple platforms,
    /// swift-corelibs-foundation's on Linux, so the app's error mapping meets what it meets on a
    /// device or over a socket.
    static func failure(after ending: InProcessConnection.Ending?) -> URLError {
        switch ending {
        case .reset: return URLError(.networkConnectionLost)
        case .timedOut: return URLError(.timedOut)
        #if canImport(Darwin)
        case .closedWithoutAnswer, .cutMidBody: return URLError(.networkConnectionLost)
        #else
        case .closedWithoutAnswer: return URLError(.badServerResponse)
        case .cutMidBody: return URLError(.unknown)
        #endif
        case nil:
            return URLError(.cannotParseResponse, userInfo: [NSLocalizedDescriptionKey: "the in-process stub ended the exchange"])
        }
    }
}
