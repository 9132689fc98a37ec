import NIOCore
import StubEngine
import BuiltInBank

/// The timers of one connection, at the byte level, first in the pipeline: idle (no request),
/// header (first byte to the end of the head) and body (head to the end of the body).
///
/// `ConnectionGuard` sees the parsed request and tells this handler where the request is; on
/// a timeout this handler asks the guard to answer, because only the guard knows what the
/// client is owed.
///
/// A phase change only notes its deadline; it does not schedule a timer. One timer per
/// connection checks the deadline when it fires and, if the deadline moved on, waits again for
/// what is left. Scheduling and cancelling a timer on each of a request's four phase changes
/// cost the stub about a tenth of its throughput at 50 connections (Benchmarks/README.md).
/// The timer never waits longer than the shortest limit, and every deadline is at least that
/// far ahead when it is set, so no deadline fires late.
final class ReadDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    enum Phase { case idle, head, body, answering }

    private let limits: ConnectionLimits
    /// The shortest of the three limits: the longest the timer may wait.
    private let shortest: TimeAmount
    private var phase = Phase.idle
    /// When the current phase runs out; nil while the stub answers.
    private var deadline: NIODeadline?
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    /// Set by the guard when it is added; the two live and die on one event loop.
    var onTimeout: ((Phase) -> Void)?

    init(limits: ConnectionLimits) {
        self.limits = limits
        shortest = Self.amount(min(limits.headerSeconds, limits.bodySeconds, limits.idleSeconds))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { arm(.idle) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopTimer()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(.idle)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if phase == .idle { arm(.head) }
        context.fireChannelRead(data)
    }

    /// The head is parsed; the body's clock starts.
    func headArrived() { arm(.body) }

    /// The whole request is in; no clock runs while the stub answers.
    func requestEnded() {
        phase = .answering
        deadline = nil
    }

    /// The answer is written and no request is in progress: the idle clock starts.
    func responseEnded() {
        if phase == .answering { arm(.idle) }
    }

    private func arm(_ next: Phase) {
        phase = next
        let now = NIODeadline.now()
        switch next {
        case .idle: deadline = now + Self.amount(limits.idleSeconds)
        case .head: deadline = now + Self.amount(limits.headerSeconds)
        case .body: deadline = now + Self.amount(limits.bodySeconds)
        case .answering: deadline = nil
        }
        if timer == nil { schedule(at: now + shortest) }
    }

    private func schedule(at instant: NIODeadline) {
        guard let context else { return }
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: instant) { loopBound.value.fire() }
    }

    private func stopTimer() {
        timer?.cancel()
        timer = nil
        deadline = nil
    }

    private func fire() {
        timer = nil
        guard context != nil else { return }
        let now = NIODeadline.now()
        guard let deadline else { return }  // answering: the next phase starts the timer again
        guard deadline <= now else {
            schedule(at: min(deadline, now + shortest))
            return
        }
        self.deadline = nil
        if phase == .idle {
            context?.close(promise: nil)
        } else {
            onTimeout?(phase)
        }
    }

    private static func amount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64(seconds * 1_000_000_000))
    }
}
