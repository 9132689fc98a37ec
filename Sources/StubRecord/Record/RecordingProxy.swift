public import AsyncHTTPClient
public import Foundation
public import Hummingbird
import HTTPTypes
import NIOCore
import NIOHTTP1
import StubEngine
import StubFormats

/// The recording proxy: every request is forwarded to the upstream as it is (AsyncHTTPClient,
/// HTTP or HTTPS), the upstream's answer goes back to the caller unchanged, and the exchange is
/// added to the `Recording`, redacted, before the caller gets its answer.
public struct RecordingProxy: HTTPResponder {
    /// Hummingbird's plain request context: the proxy needs nothing more.
    public typealias Context = BasicRequestContext

    static let hopByHop: Set<String> = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer",
                                        "upgrade", "host", "content-length"]
    static let largestBody = 32 * 1024 * 1024

    let upstream: URL
    let client: HTTPClient
    let recording: Recording
    let report: @Sendable (String) -> Void

    /// How the proxy's client reaches the upstream. A redirect goes back to the caller as the
    /// upstream sent it. A connection the upstream refuses is a 502 at once, not retried until
    /// the connect timeout (10 s) while the app waits; an upstream that does not answer the
    /// connection is a 502 after it.
    public static var upstreamConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return configuration
    }

    /// A proxy to `upstream` that adds each exchange to `recording`.
    /// - Parameters:
    ///   - upstream: the real backend, e.g. `https://staging.bank.example/api`; its path is a prefix
    ///   - report: hears a line per exchange
    public init(upstream: URL, client: HTTPClient, recording: Recording, report: @escaping @Sendable (String) -> Void) {
        self.upstream = upstream
        self.client = client
        self.recording = recording
        self.report = report
    }

    public func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let started = ContinuousClock.now
        let method = request.method.rawValue
        let path = request.uri.path
        let query = request.uri.query
        let body = Array(try await request.body.collect(upTo: Self.largestBody).readableBytesView)
        var outbound = HTTPClientRequest(url: Self.target(upstream, path: path, query: query))
        outbound.method = .init(rawValue: method)
        let requestHeaders = Self.forwarded(request.headers)
        for (name, value) in requestHeaders { outbound.headers.add(name: name, value: value) }
        if !body.isEmpty { outbound.body = .bytes(ByteBuffer(bytes: body)) }
        let answer: HTTPClientResponse
        let bytes: [UInt8]
        do {
            answer = try await client.execute(outbound, timeout: .seconds(60))
            bytes = Array(try await answer.body.collect(upTo: Self.largestBody).readableBytesView)
        } catch {
            report("✗ \(method) \(path): the upstream did not answer (\(error)); not recorded")
            return Self.badGateway("The upstream \(upstream.absoluteString) did not answer: \(error)", requestHeaders: request.headers)
        }
        let responseHeaders = answer.headers.map { ($0.name, $0.value) }
        if Self.isStubAdmin(path) {
            // A StubBank upstream's admin API is forwarded (so a contract run can steer it) but
            // is not part of the API being recorded.
            return Self.response(Int(answer.status.code), responseHeaders, bytes)
        }
        let recordedPath = Self.withoutSession(path)
        let exchange = RecordedExchange(method: method, path: recordedPath, query: query, requestHeaders: requestHeaders, requestBody: body,
                                        status: Int(answer.status.code), responseHeaders: responseHeaders, responseBody: bytes)
        let elapsed = ContinuousClock.now - started
        do {
            let step = try await recording.add(exchange)
            let ms = elapsed.inMilliseconds
            report(String(format: "● %@ %@ → %d in %.0f ms; %@ (%d routes)", method, path + (query.map { "?" + $0 } ?? ""),
                          Int(answer.status.code), ms, step.file, step.routes))
            for note in step.notes { report("  note: \(note)") }
        } catch {
            report("✗ \(method) \(path): not recorded: \(error)")
        }
        return Self.response(Int(answer.status.code), responseHeaders, bytes)
    }

    /// The caller's fields as the upstream gets them and the recording keeps them: without the
    /// connection's own (`Host` names the proxy; the client sets the upstream's).
    static func forwarded(_ fields: HTTPFields) -> [(String, String)] {
        fields.filter { !hopByHop.contains($0.name.canonicalName) }.map { ($0.name.rawName, $0.value) }
    }

    /// The upstream's answer for the caller, without the connection's own headers.
    static func response(_ status: Int, _ responseHeaders: [(String, String)], _ bytes: [UInt8]) -> Response {
        var headers = HTTPFields()
        for (name, value) in responseHeaders where !hopByHop.contains(name.lowercased()) {
            if let field = HTTPField.Name(name) { headers.append(HTTPField(name: field, value: value)) }
        }
        return Response(status: .init(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A StubBank session prefix (`/_s/NAME/…`) is the caller's, not the API's: the upstream
    /// gets it, the recording does not, and the served recording strips it again on the way in.
    static func withoutSession(_ path: String) -> String {
        SessionPrefix.split(path)?.rest ?? path
    }

    /// Whether `path` is a StubBank upstream's admin API, with or without the caller's session
    /// prefix (the engine's own rule, `AdminPath`).
    static func isStubAdmin(_ path: String) -> Bool {
        AdminPath.owns(withoutSession(path))
    }

    /// The upstream URL for a request path: the upstream's own path is a prefix, so
    /// `https://bank.example/api/` and `/v1/x` give `https://bank.example/api/v1/x`.
    static func target(_ upstream: URL, path: String, query: String?) -> String {
        var base = upstream.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + path + (query.map { "?" + $0 } ?? "")
    }

    /// A 502 in the stub's error envelope, stamped with the caller's request id when it sent a
    /// usable one (as the stub's own answers are), else a new one.
    static func badGateway(_ message: String, requestHeaders: HTTPFields) -> Response {
        let error = APIError(status: .badGateway, type: "server_error", code: "bad_gateway", message: message,
                             displayMessage: "Something went wrong. Please try again.", retryable: true)
        let requestId = Engine.requestId(from: requestHeaders) ?? Engine.requestId(number: Int.random(in: 0..<Int.max))
        return Response(status: .badGateway, headers: [.contentType: "application/json", Engine.requestIdHeader: requestId],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: WireJSON.encode(error.envelope(requestId: requestId)))))
    }
}
