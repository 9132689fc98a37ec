import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import StubEngine
import BuiltInBank

/// Turns a Hummingbird request into the stub's exchange: request id, query and method, and what
/// the stubs folder serves now. The session and body are read by `SessionMiddleware` and
/// `RequestBodyMiddleware`.
enum RequestIntake {
    static let requestIdHeader = HTTPField.Name("X-Request-Id")!

    static func exchange(_ request: Request, backend: StubBackend) -> StubExchange {
        let exchange = exchange(request.head, uri: request.uri, requestId: requestId(for: request.headers, backend: backend),
                                serving: backend.serving)
        exchange.unreadBody = request.body
        return exchange
    }

    /// The exchange for a request head; `uri` is the head's path, parsed.
    static func exchange(_ head: HTTPRequest, uri: URI, requestId: String, serving: StubBackend.Serving) -> StubExchange {
        StubExchange(RouteExchange(method: head.method.rawValue, path: uri.path, rawQuery: uri.query, headers: head.headerFields,
                                   requestId: requestId, authority: head.authority),
                     receivedAt: Date(), started: .now, serving: serving)
    }

    /// The client's own id when it sent a usable one, else the next of the stub's.
    static func requestId(for headers: HTTPFields, backend: StubBackend) -> String {
        requestId(from: headers) ?? backend.nextRequestId()
    }

    /// A client's own `X-Request-Id` is kept when it is short and plain.
    static func requestId(from headers: HTTPFields) -> String? {
        guard let value = headers[requestIdHeader], (1...128).contains(value.count),
              value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) }) else { return nil }
        return value
    }
}
