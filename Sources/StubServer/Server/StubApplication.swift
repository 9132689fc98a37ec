public import Hummingbird
import HummingbirdCore
import HTTPTypes
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals
import StubEngine
import StubRuntime

/// Builds the Hummingbird application that serves a `StubBackend`, and runs it until SIGINT or
/// SIGTERM.
public enum StubApplication {
    /// - Parameters:
    ///   - backend: the loaded stub
    ///   - onRunning: called with the bound port once the server listens (useful with port 0)
    public static func make(
        backend: StubBackend,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let configuration = backend.configuration
        let serverName = "StubBank"
        let engine = backend.engine
        let handoff = PlanHandoff()
        let answer: ReadyAnswerHandler.Answerer = { @Sendable request in
            let plan = engine.answer(EngineRequest(method: request.method.rawValue, target: request.path ?? "/",
                                                   headers: request.headerFields, authority: request.authority))
            guard !plan.waitsOnTheWire else { return .handOn(planKey: handoff.keep(plan)) }
            return .write(plan)
        }
        let readyAnswer = configuration.answersReadyRequestsOnEventLoop ? answer : nil
        return Application(
            responder: StubResponder(backend: backend, handoff: handoff),
            server: HTTPServerBuilder { responder in
                StubHTTPChannel(responder: responder, limits: configuration.connectionLimits, nextRequestId: backend.nextRequestId,
                                serverName: serverName, handoff: handoff, readyAnswer: readyAnswer)
            },
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: serverName
            ),
            services: configuration.watchStubs ? [StubsWatcher(backend: backend)] : [],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: backend.logger
        )
    }

    /// Runs the stub until SIGINT or SIGTERM; see `group(running:backend:onRunning:signals:)`.
    public static func run(backend: StubBackend, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await group(backend: backend, onRunning: onRunning, signals: [.sigterm, .sigint]).run()
    }

    /// The service group that serves `backend` until one of `signals` arrives or its graceful
    /// shutdown is triggered. The stop first fires `backend.stopSignal`, so requests held by a
    /// delay, a bandwidth pause or a hang end at once, and only then does the HTTP server drain:
    /// the stop ends well within a second with hundreds of them open. `stubbank serve` and
    /// `LiveStub` both run this group, so both stop the same way.
    static func group(backend: StubBackend, onRunning: @escaping @Sendable (Int) async -> Void,
                      signals: [UnixSignal]) -> ServiceGroup {
        let app = make(backend: backend, onRunning: onRunning)
        // A group stops its services last to first, so the releaser goes before the server.
        return ServiceGroup(configuration: .init(
            services: [
                .init(service: app),
                .init(service: StopReleaser(signal: backend.stopSignal), successTerminationBehavior: .ignore),
            ],
            gracefulShutdownSignals: signals,
            logger: backend.logger))
    }
}

/// Waits for the service group's graceful shutdown and fires the stop signal.
struct StopReleaser: Service {
    let signal: StopSignal

    func run() async throws {
        try? await gracefulShutdown()
        signal.fire()
    }
}
