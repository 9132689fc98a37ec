import NIOCore

/// Waits an injected delay, and drops the connection when the decision asks for `reset`,
/// `empty` or `hang`. The request is journalled before the connection goes.
enum ConnectionFault {
    static let kinds: Set<Fault> = [.reset, .empty, .hang]

    static func delay(_ milliseconds: Double) async throws {
        if milliseconds > 0 { try await FaultInjector.delay(milliseconds: milliseconds) }
    }

    static func dropIfAsked(_ exchange: StubExchange, backend: StubBackend, channel: any Channel) async throws {
        guard let fault = exchange.decision.fault, kinds.contains(fault) else { return }
        ExchangeJournal.record(exchange, status: nil, backend: backend)
        switch fault {
        case .reset: await FaultInjector.reset(channel)
        case .empty: await FaultInjector.closeWithoutResponse(channel)
        default: await FaultInjector.hang(channel, limit: .seconds(backend.configuration.hangLimitSeconds))
        }
        throw ChannelError.ioOnClosedChannel
    }
}
