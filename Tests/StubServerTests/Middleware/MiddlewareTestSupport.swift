import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

/// A client end that records what the middleware did to it; its waits end as the test says.
final class RecordingConnection: StubConnection {
    private let log = NIOLockedValueBox<[String]>([])
    let waitEnds: ConnectionWait.Outcome

    init(waitEnds: ConnectionWait.Outcome = .elapsed) { self.waitEnds = waitEnds }

    /// What happened, in order: `wait 250`, `reset`, `close`, `hang 30`, `cut`.
    var events: [String] { log.withLockedValue { $0 } }

    func wait(milliseconds: Double?, stop: StopSignal) async -> ConnectionWait.Outcome {
        log.withLockedValue { $0.append("wait \(milliseconds.map { String(Int($0)) } ?? "-")") }
        return waitEnds
    }

    func reset() async { log.withLockedValue { $0.append("reset") } }
    func closeWithoutResponse() async { log.withLockedValue { $0.append("close") } }
    func hang(limitSeconds: Int, stop: StopSignal) async { log.withLockedValue { $0.append("hang \(limitSeconds)") } }
    func cutBody() async { log.withLockedValue { $0.append("cut") } }
    var isLoopbackPeer: Bool { true }
}

/// One middleware, run on its own over a backend, with a `next` the test provides.
struct MiddlewareProbe {
    let backend: StubBackend
    let connection: RecordingConnection

    init(backend: StubBackend, connection: RecordingConnection = RecordingConnection()) {
        self.backend = backend
        self.connection = connection
    }

    var context: StubRequestContext {
        StubRequestContext(source: .init(channel: NIOAsyncTestingChannel(), logger: Logger(label: "middleware-test")),
                           connection: connection)
    }

    /// The exchange the responder would build for this request.
    func exchange(_ method: HTTPRequest.Method = .get, _ path: String, headers: [String: String] = [:], body: String? = nil) -> StubExchange {
        var fields = HTTPFields()
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        if let body { fields[.contentLength] = String(body.utf8.count) }
        let head = HTTPRequest(method: method, scheme: "http", authority: "localhost", path: path, headerFields: fields)
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(string: body ?? "")))
        return RequestIntake.exchange(request, backend: backend)
    }

    /// Runs `middleware` with `next` standing for the rest of the stack; counts the calls to it.
    func run<M: MiddlewareProtocol>(_ middleware: M, _ exchange: StubExchange,
             next: @escaping @Sendable (StubExchange) async throws -> StubExchange = { $0 }) async throws -> (StubExchange, nextCalls: Int)
    where M.Input == StubExchange, M.Output == StubExchange, M.Context == StubRequestContext {
        let calls = NIOLockedValueBox(0)
        let done = try await middleware.handle(exchange, context: context) { exchange, _ in
            calls.withLockedValue { $0 += 1 }
            return try await next(exchange)
        }
        return (done, calls.withLockedValue { $0 })
    }
}

extension StubExchange {
    /// This exchange answered 200 with `body` by a route source.
    func routed(_ body: String = #"{"ok":true}"#, status: HTTPResponse.Status = .ok, route: String = "GET /probe") -> StubExchange {
        let exchange = self
        exchange.response = StubResponse(status: status, body: Array(body.utf8))
        exchange.route = route
        exchange.routeAnswered = true
        return exchange
    }

    /// The `error.code` of the envelope answered, if any.
    var errorCode: String? {
        guard let body = response?.body,
              let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        return (object["error"] as? [String: Any])?["code"] as? String
    }
}
