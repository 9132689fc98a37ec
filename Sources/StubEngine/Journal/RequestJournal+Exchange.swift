package import Foundation
package import HTTPTypes

extension RequestJournal {
    /// The header with which the bank marks an answer replayed for a repeated idempotency key.
    static let replayedHeader = HTTPField.Name("Idempotent-Replayed")!

    /// Records a finished exchange: what was asked, which route and behaviour answered, the status
    /// sent (nil when no answer went out) and the head as sent, for the console's detail view.
    ///
    /// The record is built here, in the engine, because Swift does not inline a `package`
    /// initializer into another module, and the out-of-line call copied the whole record. The
    /// exchange is `inout` only so that it is read in place rather than copied into the call;
    /// nothing in it changes.
    package func record(_ exchange: inout RouteExchange, receivedAt: Date, status: Int?, responseHeaders: HTTPFields,
                        latencyMs: Double) {
        let (record, bodies) = Self.entry(&exchange, receivedAt: receivedAt, status: status, responseHeaders: responseHeaders,
                                          latencyMs: latencyMs)
        self.record(record, bodies: bodies)
    }

    /// The entry for an exchange whose answer waits on the wire, to be written when the wait is
    /// over (`JournalTicket.commit`).
    package func ticket(_ exchange: inout RouteExchange, receivedAt: Date, started: ContinuousClock.Instant, status: Int?,
                        responseHeaders: HTTPFields) -> JournalTicket {
        let (record, bodies) = Self.entry(&exchange, receivedAt: receivedAt, status: status, responseHeaders: responseHeaders,
                                          latencyMs: 0)
        return JournalTicket(journal: self, record: record, bodies: bodies, started: started)
    }

    private static func entry(_ exchange: inout RouteExchange, receivedAt: Date, status: Int?, responseHeaders: HTTPFields,
                              latencyMs: Double) -> (JournalRecord, ExchangeBodies) {
        (JournalRecord(
            requestId: exchange.request.requestId, receivedAt: receivedAt, method: exchange.request.method,
            path: exchange.request.path, query: exchange.request.query, session: exchange.request.session,
            route: exchange.route, nearMiss: exchange.nearMiss, status: status, fault: exchange.decision.fault,
            behaviour: exchange.decision.behaviourId, latencyMs: latencyMs, headers: exchange.request.headers,
            replayed: exchange.response?.headers[replayedHeader] == "true"),
         ExchangeBodies(requestBody: exchange.request.body, responseStatus: status, responseHeaders: responseHeaders,
                        responseBody: exchange.response?.body ?? []))
    }
}
