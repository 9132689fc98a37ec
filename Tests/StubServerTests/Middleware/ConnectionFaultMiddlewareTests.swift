import HTTPTypes
import Hummingbird
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct ConnectionFaultMiddlewareTests {
    private func dropped(_ fault: Fault, routed: Bool = true) async throws -> (ConnectionDropped?, nextCalls: Int) {
        let probe = MiddlewareProbe(backend: try makeBackend { $0.hangLimitSeconds = 7 })
        let exchange = probe.exchange(.get, "/v1/atms")
        exchange.decision.fault = fault
        var calls = 0
        do {
            let (_, nextCalls) = try await probe.run(ConnectionFaultMiddleware(backend: probe.backend), exchange) {
                routed ? $0.routed(status: .created) : $0
            }
            calls = nextCalls
        } catch let error as ConnectionDropped {
            return (error, calls)
        }
        return (nil, calls)
    }

    @Test(arguments: [(Fault.reset, ConnectionDropped.How.reset), (.empty, .closeWithoutResponse), (.hang, .hang(limitSeconds: 7))])
    func dropsBeforeTheRouteRuns(fault: Fault, how: ConnectionDropped.How) async throws {
        let (error, calls) = try await dropped(fault)
        #expect(error?.how == how)
        #expect(error?.status == nil)
        #expect(calls == 0)
    }

    @Test func resetAfterDropsOnceTheRouteHasActedWithItsStatus() async throws {
        let (error, _) = try await dropped(.resetAfter)
        #expect(error?.how == .reset)
        #expect(error?.status == 201)
    }

    @Test func resetAfterNeedsARouteThatAnswered() async throws {
        let (error, calls) = try await dropped(.resetAfter, routed: false)
        #expect(error == nil)
        #expect(calls == 1)
    }

    @Test func aBodyFaultIsNotAConnectionFault() async throws {
        #expect(try await dropped(.truncated).0 == nil)
    }
}
