import Foundation
import NIOConcurrencyHelpers
import StubRuntime

/// The client's end of an exchange answered in the test process. There is no socket: a wait
/// sleeps on the stub's injected clock, a drop is remembered as the way the exchange ended, and
/// the request's own timeout is enforced here, on the same clock, as URLSession would enforce it.
final class InProcessConnection: StubConnection {
    /// How the exchange ended, when the stub dropped it.
    enum Ending: Equatable, Sendable {
        case reset
        case closedWithoutAnswer
        case timedOut
        case cutMidBody
    }

    private let clock: any Clock<Duration>
    private let timeout: Duration
    private let ending = NIOLockedValueBox<Ending?>(nil)

    /// - Parameters:
    ///   - clock: what every wait sleeps on.
    ///   - timeout: the request's `timeoutInterval`: a wait that reaches it ends the exchange
    ///     as timed out.
    init(clock: any Clock<Duration>, timeout: Duration) {
        self.clock = clock
        self.timeout = timeout
    }

    /// How the exchange ended; nil when it was answered.
    var ended: Ending? { ending.withLockedValue { $0 } }

    func wait(milliseconds: Double?, stop: StopSignal) async -> ConnectionWaitOutcome {
        let asked = milliseconds.map { Duration.microseconds(Int64(($0 * 1000).rounded())) }
        let waited = asked.map { min($0, timeout) } ?? timeout
        do { try await clock.sleep(for: waited) } catch { return .shuttingDown }
        if stop.isFired { return .shuttingDown }
        if let asked, asked < timeout { return .elapsed }
        end(.timedOut)
        return .clientGone
    }

    func reset() async { end(.reset) }

    func closeWithoutResponse() async { end(.closedWithoutAnswer) }

    /// A hang lasts until the client gives up: the request's own timeout. A server's hang limit
    /// frees a socket a client may never close; here there is none, and the timeout ends it.
    func hang(limitSeconds: Int, stop: StopSignal) async {
        _ = await wait(milliseconds: nil, stop: stop)
    }

    func cutBody() async { end(.cutMidBody) }

    var isLoopbackPeer: Bool { true }

    private func end(_ how: Ending) {
        ending.withLockedValue { if $0 == nil { $0 = how } }
    }
}
