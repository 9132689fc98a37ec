import Foundation
import HTTPTypes

/// Writes one exchange to the request journal: what was asked, which route and behaviour
/// answered, with what status or fault, and how long it took.
enum ExchangeJournal {
    /// Set by the bank when it replays the first answer for a repeated idempotency key.
    static let replayedHeader = HTTPField.Name("Idempotent-Replayed")!

    static func record(_ exchange: StubExchange, status: Int?, backend: StubBackend) {
        let elapsed = ContinuousClock.now - exchange.started
        let request = exchange.request
        backend.journal.record(JournalRecord(
            requestId: request.requestId, receivedAt: exchange.receivedAt, method: request.method, path: request.path,
            query: request.query, session: request.session, route: exchange.route, status: status,
            fault: exchange.decision.fault, behaviour: exchange.decision.behaviourId,
            latencyMs: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15,
            headers: request.headers, replayed: exchange.response?.headers[Self.replayedHeader] == "true"))
    }
}
