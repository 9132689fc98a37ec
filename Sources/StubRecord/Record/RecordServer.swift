import AsyncHTTPClient
public import Foundation
public import Hummingbird
public import Logging
import ServiceLifecycle
import UnixSignals

/// Runs the recording proxy until SIGINT or SIGTERM. In-flight exchanges finish and are written
/// first, so the folder is complete and valid when the process exits.
public enum RecordServer {
    /// The proxy as a Hummingbird application on `host:port` (0 picks a free port).
    public static func make(proxy: RecordingProxy, host: String, port: Int, logger: Logger,
                            onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(responder: proxy, configuration: .init(address: .hostname(host, port: port), serverName: "StubBank-record"),
                    onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) }, logger: logger)
    }

    /// Records until a signal.
    public static func run(upstream: URL, recording: Recording, host: String, port: Int, logger: Logger,
                           report: @escaping @Sendable (String) -> Void, onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: RecordingProxy.upstreamConfiguration)
        let proxy = RecordingProxy(upstream: upstream, client: client, recording: recording, report: report)
        let app = make(proxy: proxy, host: host, port: port, logger: logger, onRunning: onRunning)
        do {
            try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }
}
