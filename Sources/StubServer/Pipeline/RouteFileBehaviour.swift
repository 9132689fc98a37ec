/// A route file's own latency, fault, bandwidth and signature tampering. Each applies only where
/// no header, admin or scenario behaviour already decided that part, so a test can still pin one.
enum RouteFileBehaviour {
    static func apply(_ exchange: inout StubExchange, backend: StubBackend, connection: any StubConnection) async throws {
        guard let answer = exchange.fileAnswer else { return }
        if exchange.decision.delayMs == 0, let latency = answer.behaviour.latency {
            var generator = SeededGenerator(seed: SeededGenerator.derive(answer.seed, "latency"))
            let delay = latency.sample(using: &generator)
            try await ConnectionFault.delay(delay, exchange, backend: backend, connection: connection)
            exchange.decision.delayMs = delay
        }
        adopt(&exchange)
    }

    /// The parts that need no waiting: the fault, the bandwidth and the signature tampering.
    static func adopt(_ exchange: inout StubExchange) {
        guard let behaviour = exchange.fileAnswer?.behaviour else { return }
        if exchange.decision.fault == nil { exchange.decision.fault = behaviour.fault }
        if exchange.decision.bandwidth == nil { exchange.decision.bandwidth = behaviour.bandwidth }
        if behaviour.tamperSignature == true { exchange.decision.tamperSignature = true }
    }
}
