import StubEngine
import BuiltInBank

/// Waits the behaviour's delay before going on, holding no thread. When the client leaves or the
/// server stops first, the connection closes at once (`ConnectionDropped`, journalled with no status).
struct LatencyMiddleware: StubMiddleware {
    let backend: StubBackend

    func handle(_ exchange: StubExchange, context: StubRequestContext, next: StubNext) async throws -> StubExchange {
        // Most requests have no delay: they skip the call, which would suspend and resume.
        if exchange.decision.delayMs > 0 {
            try await Self.wait(exchange.decision.delayMs, exchange, backend: backend, connection: context.connection)
        }
        return try await next(exchange, context)
    }

    /// Waits `milliseconds` on the connection; throws `ConnectionDropped` when the wait ends early.
    static func wait(_ milliseconds: Double, _ exchange: StubExchange, backend: StubBackend,
                     connection: any StubConnection) async throws(ConnectionDropped) {
        guard milliseconds > 0 else { return }
        guard await connection.wait(milliseconds: milliseconds, stop: backend.stopSignal) == .elapsed else {
            throw ConnectionDropped(how: .cut, exchange: exchange, status: nil)
        }
    }
}
