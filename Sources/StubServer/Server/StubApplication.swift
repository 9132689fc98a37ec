public import Hummingbird
import Logging
import HummingbirdCore
import NIOCore

/// Builds the Hummingbird application that serves a `StubBackend`.
public enum StubApplication {
    /// - Parameters:
    ///   - backend: the loaded stub
    ///   - onRunning: called with the bound port once the server listens (useful with port 0)
    public static func make(
        backend: StubBackend,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let configuration = backend.configuration
        return Application(
            responder: StubResponder(backend: backend),
            server: HTTPServerBuilder { responder in
                StubHTTPChannel(responder: responder, limits: configuration.connectionLimits, nextRequestId: backend.nextRequestId)
            },
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "StubBank"
            ),
            services: configuration.watchStubs ? [StubsWatcher(backend: backend)] : [],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: backend.logger
        )
    }
}
