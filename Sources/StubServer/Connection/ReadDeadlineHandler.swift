import NIOCore

/// The timers of one connection, at the byte level, first in the pipeline: idle (no request),
/// header (first byte to the end of the head) and body (head to the end of the body).
///
/// `ConnectionGuard` sees the parsed request and tells this handler where the request is; on
/// a timeout this handler asks the guard to answer, because only the guard knows what the
/// client is owed.
final class ReadDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    enum Phase { case idle, head, body, answering }

    private let limits: ConnectionLimits
    private var phase = Phase.idle
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    /// Set by the guard when it is added; the two live and die on one event loop.
    var onTimeout: ((Phase) -> Void)?

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { arm(.idle) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(.idle)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
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
        timer?.cancel()
        timer = nil
    }

    /// The answer is written and no request is in progress: the idle clock starts.
    func responseEnded() {
        if phase == .answering { arm(.idle) }
    }

    private func arm(_ next: Phase) {
        timer?.cancel()
        phase = next
        guard let context else { return }
        let seconds: Double
        switch next {
        case .idle: seconds = limits.idleSeconds
        case .head: seconds = limits.headerSeconds
        case .body: seconds = limits.bodySeconds
        case .answering: timer = nil; return
        }
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: .nanoseconds(Int64(seconds * 1_000_000_000))) {
            loopBound.value.fire(next)
        }
    }

    private func fire(_ expired: Phase) {
        guard phase == expired, let context else { return }
        timer = nil
        if expired == .idle {
            context.close(promise: nil)
        } else {
            onTimeout?(expired)
        }
    }
}
