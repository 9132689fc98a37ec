import HTTPTypes
import StubEngine
import BuiltInBank

/// Drops the connection when the behaviour asks: `reset`, `empty` or `hang` before routing, or
/// once a route has answered (`reset-after`, or a route file's own fault). The request is
/// journalled before the connection goes, with the status the route had decided for `reset-after`.
struct ConnectionFaultMiddleware: StubMiddleware {
    static let kinds: Set<Fault> = [.reset, .empty, .hang]
    static let afterRouting: Set<Fault> = kinds.union([.resetAfter])

    let backend: StubBackend

    func handle(_ exchange: StubExchange, context: StubRequestContext, next: StubNext) async throws -> StubExchange {
        try dropIfAsked(exchange, routed: false)
        let done = try await next(exchange, context)
        if done.routeAnswered { try dropIfAsked(done, routed: true) }
        return done
    }

    func dropIfAsked(_ exchange: StubExchange, routed: Bool) throws(ConnectionDropped) {
        guard let fault = exchange.decision.fault, (routed ? Self.afterRouting : Self.kinds).contains(fault) else { return }
        let acted = fault == .resetAfter ? exchange.response.map { Int($0.status.code) } : nil
        let how: ConnectionDropped.How = switch fault {
        case .reset, .resetAfter: .reset
        case .empty: .closeWithoutResponse
        default: .hang(limitSeconds: backend.configuration.hangLimitSeconds)
        }
        throw ConnectionDropped(how: how, exchange: exchange, status: acted)
    }
}
