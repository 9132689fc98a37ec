import Foundation
import HTTPTypes
import HummingbirdCore
import StubFormats
import StubEngine
import BuiltInBank

/// The outermost middleware: writes each exchange to the request journal once, whatever happened
/// inside: what was asked, which route and behaviour answered, with what status or fault, and how
/// long it took; the journal counts the route's hit. A dropped connection (`ConnectionDropped`) is
/// journalled with the status the route had decided, or none. Admin API answers are not journalled.
struct JournalMiddleware: StubMiddleware {
    /// Set by the bank when it replays the first answer for a repeated idempotency key.
    static let replayedHeader = HTTPField.Name("Idempotent-Replayed")!

    let backend: StubBackend

    func handle(_ exchange: StubExchange, context: StubRequestContext, next: StubNext) async throws -> StubExchange {
        let done: StubExchange
        do {
            done = try await next(exchange, context)
        } catch let dropped as ConnectionDropped {
            if let exchange = dropped.exchange { Self.record(exchange, status: dropped.status, backend: backend) }
            throw dropped
        }
        if !done.answeredByAdmin, let sent = done.sent {
            Self.record(done, status: Int(sent.status.code), responseHeaders: sent.headers, backend: backend)
        }
        return done
    }

    /// - Parameters:
    ///   - status: the status sent, nil when no answer went out (a fault, a client gone);
    ///   - responseHeaders: the head as sent, for the console's detail view.
    static func record(_ exchange: StubExchange, status: Int?, responseHeaders: HTTPFields = [:], backend: StubBackend) {
        let elapsed = ContinuousClock.now - exchange.started
        let request = exchange.request
        backend.journal.record(JournalRecord(
            requestId: request.requestId, receivedAt: exchange.receivedAt, method: request.method, path: request.path,
            query: request.query, session: request.session, route: exchange.route, nearMiss: exchange.nearMiss, status: status,
            fault: exchange.decision.fault, behaviour: exchange.decision.behaviourId,
            latencyMs: elapsed.inMilliseconds,
            headers: request.headers, replayed: exchange.response?.headers[Self.replayedHeader] == "true"),
            bodies: ExchangeBodies(requestBody: request.body, responseStatus: status, responseHeaders: responseHeaders,
                                   responseBody: exchange.response?.body ?? []))
    }
}
