import HTTPTypes
import NIOCore

/// Waits an injected delay, and drops the connection when the decision asks for `reset`,
/// `empty` or `hang` (before routing), or `reset-after` (once the route has acted). The request
/// is journalled before the connection goes, with the status the route would have sent.
enum ConnectionFault {
    static let kinds: Set<Fault> = [.reset, .empty, .hang]
    static let afterRouting: Set<Fault> = kinds.union([.resetAfter])

    static func delay(_ milliseconds: Double) async throws {
        if milliseconds > 0 { try await FaultInjector.delay(milliseconds: milliseconds) }
    }

    static func dropIfAsked(_ exchange: StubExchange, backend: StubBackend, channel: any Channel, routed: Bool = false) async throws {
        guard let fault = exchange.decision.fault, (routed ? afterRouting : kinds).contains(fault) else { return }
        let acted = fault == .resetAfter ? exchange.response.map { Int($0.status.code) } : nil
        ExchangeJournal.record(exchange, status: acted, backend: backend)
        switch fault {
        case .reset, .resetAfter: await FaultInjector.reset(channel)
        case .empty: await FaultInjector.closeWithoutResponse(channel)
        default: await FaultInjector.hang(channel, limit: .seconds(backend.configuration.hangLimitSeconds))
        }
        throw ChannelError.ioOnClosedChannel
    }
}
