public import Foundation

/// One request the app sent, as the stub's journal recorded it.
public struct StubExchange: Decodable, Sendable, Equatable {
    /// Its place in the journal; later requests have larger numbers.
    public var sequence: Int
    /// The request's method, such as `POST`.
    public var method: String
    /// The path with its query, without the session prefix.
    public var path: String
    /// The route that answered, such as `POST /v1/transfers`; nil when none matched.
    public var route: String?
    /// The status served; nil when a fault dropped the connection instead.
    public var status: Int?
    /// The network fault served, such as `reset` or `hang`.
    public var fault: String?
    /// The request's headers, names as the app spelled them (`header(_:)` looks one up in any
    /// case). Credentials (`Authorization`, `Proxy-Authorization`, `Cookie`,
    /// `Set-Cookie`, `X-API-Key`, `X-Stub-Admin-Token`) are recorded as `[redacted]`: a test can
    /// see that the app sent one, never its value.
    public var headers: [String: String]
    /// Milliseconds from arrival to the answer's head, delays included.
    public var latencyMs: Double?
    /// When it arrived (RFC 3339).
    public var receivedAt: String
    /// True when the stub replayed an earlier answer for the same `Idempotency-Key`.
    public var replayed: Bool?

    /// A request header by name, in any case (`headers` keeps the names as the app spelled them).
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The path without its query string.
    public var pathWithoutQuery: String { String(path.prefix { $0 != "?" }) }

    private enum CodingKeys: String, CodingKey { case sequence, method, path, route, status, fault, headers, receivedAt, replayed, latencyMs }

    /// Reads a journal entry, treating missing headers as none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int.self, forKey: .sequence)
        method = try container.decode(String.self, forKey: .method)
        path = try container.decode(String.self, forKey: .path)
        route = try container.decodeIfPresent(String.self, forKey: .route)
        status = try container.decodeIfPresent(Int.self, forKey: .status)
        fault = try container.decodeIfPresent(String.self, forKey: .fault)
        headers = try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        receivedAt = try container.decodeIfPresent(String.self, forKey: .receivedAt) ?? ""
        replayed = try container.decodeIfPresent(Bool.self, forKey: .replayed)
        latencyMs = try container.decodeIfPresent(Double.self, forKey: .latencyMs)
    }
}

/// One exchange in full: the entry, and the request and response the app and the stub sent
/// (`StubSession.detail(of:)`, the admin API's `GET /__stubbank/journal/{sequence}`).
public struct StubExchangeDetail: Decodable, Sendable, Equatable {
    /// The journal entry, as `StubSession.requests()` lists it.
    public var exchange: StubExchange
    /// What the app sent; nil once the journal no longer keeps this exchange's bodies (`note`).
    public var request: StubMessage?
    /// What the stub answered; `status` is nil when a fault dropped the connection instead.
    public var response: StubMessage?
    /// Why `request` and `response` are missing, when they are.
    public var note: String?

    private enum CodingKeys: String, CodingKey { case exchange = "entry", request, response, note }
}

/// One side of an exchange, as the journal keeps it: secrets masked (JSON and form fields whose
/// names say token, password, passcode, secret, API key, PIN, OTP or CVV; credential headers
/// read `[redacted]`), JSON bodies pretty-printed with sorted keys.
public struct StubMessage: Decodable, Sendable, Equatable {
    /// The response's status; nil for the request, and for a response never sent.
    public var status: Int?
    /// The headers, credentials `[redacted]`.
    public var headers: [String: String]
    /// The body as text; nil when empty, or larger than the journal keeps (`bodyOmitted`).
    public var text: String?
    /// The body's size in bytes as sent.
    public var bodyBytes: Int
    /// Set when the body was too large to keep (over 64 KiB).
    public var bodyOmitted: String?

    /// The body's bytes as the journal keeps them (UTF-8 of `text`); nil when there is none.
    public var body: Data? { text.map { Data($0.utf8) } }

    /// The body decoded as JSON into `type`: `try detail.request?.decode(Transfer.self)`.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        guard let body else {
            throw StubControlError(status: nil, code: "no_body", message: bodyOmitted ?? "the message has no body")
        }
        return try decoder.decode(type, from: body)
    }

    /// The body as JSON (`[String: Any]`, `[Any]`, a string, a number, a Bool or `NSNull`); nil
    /// when there is no body or it is not JSON.
    public var json: Any? {
        body.flatMap { try? JSONSerialization.jsonObject(with: $0, options: [.fragmentsAllowed]) }
    }

    private enum CodingKeys: String, CodingKey { case status, headers, text = "body", bodyBytes, bodyOmitted }
}

/// Which requests a test means: `"POST /v1/transfers"`, a method and a path with `{param}` and
/// `*` segments, or `.any`.
public struct RequestMatcher: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method, or nil for any.
    public var method: String?
    /// The path's segments; `{name}` and `*` match one segment, `**` the rest. Nil for any path.
    public var pathSegments: [String]?

    /// Every request.
    public static let any = RequestMatcher(method: nil, pathSegments: nil)

    /// `"POST /v1/transfers"`, `"GET /v1/accounts/{id}/transactions"`, `"* /v1/**"`, or a bare path for any method.
    public init(_ text: String) {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        let path = parts.count == 2 ? parts[1] : parts.first ?? "/"
        let method = parts.count == 2 ? parts[0].uppercased() : nil
        self.method = method == "*" ? nil : method
        self.pathSegments = path.split(separator: "/").map(String.init)
    }

    /// A matcher written as a literal: `"POST /v1/transfers"`.
    public init(stringLiteral value: String) { self.init(value) }

    init(method: String?, pathSegments: [String]?) {
        self.method = method
        self.pathSegments = pathSegments
    }

    /// Whether `exchange` is such a request.
    public func matches(_ exchange: StubExchange) -> Bool {
        if let method, method != exchange.method.uppercased() { return false }
        guard let pattern = pathSegments else { return true }
        let segments = exchange.pathWithoutQuery.split(separator: "/").map(String.init)
        for (index, part) in pattern.enumerated() {
            if part == "**" { return true }
            guard index < segments.count else { return false }
            if part == "*" || (part.hasPrefix("{") && part.hasSuffix("}")) { continue }
            if part != segments[index] { return false }
        }
        return segments.count == pattern.count
    }

    /// As written: `POST /v1/transfers`.
    public var description: String {
        "\(method ?? "*") /" + (pathSegments ?? ["**"]).joined(separator: "/")
    }
}
