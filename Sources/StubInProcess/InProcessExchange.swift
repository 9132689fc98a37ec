import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import StubServer

/// One `URLRequest` answered by the stub's own responder, in this process: the same middleware as
/// over a socket (sessions, the admin API, behaviours, route files, the bank, the journal), with
/// the connection's waits on the injected clock and its drops turned into the `URLError` the
/// platform's URLSession gives for them.
struct InProcessExchange {
    /// What the URL loading system hears: an answer, with the body in one piece, or a failure
    /// after the part of the body that arrived.
    struct Answer {
        var response: HTTPURLResponse?
        var body: Data
        var failure: URLError?
    }

    let backend: StubBackend
    let clock: any Clock<Duration>
    let logger: Logger

    func answer(_ request: URLRequest, body: Data) async -> Answer {
        guard let url = request.url else { return Answer(response: nil, body: Data(), failure: URLError(.badURL)) }
        let timeout = Duration.milliseconds(Int64((request.timeoutInterval > 0 ? request.timeoutInterval : 60) * 1000))
        let connection = InProcessConnection(clock: clock, timeout: timeout)
        let hummingbirdRequest = Request(head: Self.head(of: request, url: url, bodyLength: body.count),
                                         body: RequestBody(buffer: ByteBuffer(bytes: body)))
        let context = StubRequestContext(source: .init(channel: NIOAsyncTestingChannel(), logger: logger), connection: connection)
        let collector = BodyCollector()
        var head: HTTPURLResponse?
        do {
            let response = try await StubResponder(backend: backend).respond(to: hummingbirdRequest, context: context)
            head = Self.urlResponse(response, url: url)
            try await response.body.write(collector)
        } catch {
            return Answer(response: head, body: collector.data, failure: Self.failure(after: connection.ended, error: error))
        }
        if let ending = connection.ended {
            return Answer(response: head, body: collector.data, failure: Self.failure(after: ending, error: nil))
        }
        return Answer(response: head, body: collector.data, failure: nil)
    }

    static func head(of request: URLRequest, url: URL, bodyLength: Int) -> HTTPRequest {
        var fields = HTTPFields()
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        if bodyLength > 0, fields[.contentLength] == nil { fields[.contentLength] = String(bodyLength) }
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        let method = HTTPRequest.Method(request.httpMethod ?? "GET") ?? .get
        return HTTPRequest(method: method, scheme: url.scheme, authority: url.host, path: path, headerFields: fields)
    }

    static func urlResponse(_ response: Response, url: URL) -> HTTPURLResponse? {
        var headers: [String: String] = [:]
        for field in response.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        return HTTPURLResponse(url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1", headerFields: headers)
    }

    /// The `URLError` URLSession gives for the way the stub ended the exchange (see
    /// `Docs/UITests.md`, "The URLError each fault gives"): Darwin's codes on Apple platforms,
    /// swift-corelibs-foundation's on Linux, so the app's error mapping meets what it meets on a
    /// device or over a socket.
    static func failure(after ending: InProcessConnection.Ending?, error: (any Error)?) -> URLError {
        switch ending {
        case .reset: return URLError(.networkConnectionLost)
        case .timedOut: return URLError(.timedOut)
        #if canImport(Darwin)
        case .closedWithoutAnswer, .cutMidBody: return URLError(.networkConnectionLost)
        #else
        case .closedWithoutAnswer: return URLError(.badServerResponse)
        case .cutMidBody: return URLError(.unknown)
        #endif
        case nil:
            let reason = "the in-process stub failed: \(error.map { "\($0)" } ?? "?")"
            return URLError(.cannotParseResponse, userInfo: [NSLocalizedDescriptionKey: reason])
        }
    }
}

/// Collects a response body as it is written.
final class BodyCollector: ResponseBodyWriter, @unchecked Sendable {
    private(set) var data = Data()

    func write(_ buffer: ByteBuffer) async throws {
        data.append(contentsOf: buffer.readableBytesView)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
