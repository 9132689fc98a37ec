import StubEngine
import BuiltInBank

/// A route file's own latency, fault, bandwidth and signature tampering, once its route has
/// answered. Each applies only where no header, admin or scenario behaviour already decided that
/// part, so a test can still pin one. The fault and bandwidth act further out
/// (`ConnectionFaultMiddleware`, `BodyFaultMiddleware`).
struct RouteFileBehaviourMiddleware: StubMiddleware {
    let backend: StubBackend

    func handle(_ exchange: StubExchange, context: StubRequestContext, next: StubNext) async throws -> StubExchange {
        let done = try await next(exchange, context)
        guard done.routeAnswered, let answer = done.fileAnswer else { return done }
        if done.decision.delayMs == 0, let latency = answer.behaviour.latency {
            var generator = SeededGenerator(seed: SeededGenerator.derive(answer.seed, "latency"))
            let delay = latency.sample(using: &generator)
            try await LatencyMiddleware.wait(delay, done, backend: backend, connection: context.connection)
            done.decision.delayMs = delay
        }
        Self.adopt(done)
        return done
    }

    /// The parts that need no waiting: the fault, the bandwidth and the signature tampering.
    static func adopt(_ exchange: StubExchange) {
        guard let behaviour = exchange.fileAnswer?.behaviour else { return }
        if exchange.decision.fault == nil { exchange.decision.fault = behaviour.fault }
        if exchange.decision.bandwidth == nil { exchange.decision.bandwidth = behaviour.bandwidth }
        if behaviour.tamperSignature == true { exchange.decision.tamperSignature = true }
    }
}
