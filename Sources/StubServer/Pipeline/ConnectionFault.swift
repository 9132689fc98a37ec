import HTTPTypes
import NIOCore

/// Waits an injected delay, and drops the connection when the decision asks for `reset`,
/// `empty` or `hang` (before routing), or `reset-after` (once the route has acted). The request
/// is journalled before the connection goes, with the status the route would have sent.
enum ConnectionFault {
    static let kinds: Set<Fault> = [.reset, .empty, .hang]
    static let afterRouting: Set<Fault> = kinds.union([.resetAfter])

    /// Waits the injected delay. When the client leaves or the server stops first, the request
    /// is journalled with no status and its connection closed at once.
    static func delay(_ milliseconds: Double, _ exchange: StubExchange, backend: StubBackend, connection: any StubConnection) async throws {
        guard milliseconds > 0 else { return }
        guard await connection.wait(milliseconds: milliseconds, stop: backend.stopSignal) == .elapsed else {
            ExchangeJournal.record(exchange, status: nil, backend: backend)
            await connection.cutBody()
            throw ChannelError.ioOnClosedChannel
        }
    }

    static func dropIfAsked(_ exchange: StubExchange, backend: StubBackend, connection: any StubConnection,
                            routed: Bool = false) async throws {
        guard let fault = exchange.decision.fault, (routed ? afterRouting : kinds).contains(fault) else { return }
        let acted = fault == .resetAfter ? exchange.response.map { Int($0.status.code) } : nil
        ExchangeJournal.record(exchange, status: acted, backend: backend)
        switch fault {
        case .reset, .resetAfter: await connection.reset()
        case .empty: await connection.closeWithoutResponse()
        default: await connection.hang(limitSeconds: backend.configuration.hangLimitSeconds, stop: backend.stopSignal)
        }
        throw ChannelError.ioOnClosedChannel
    }
}
