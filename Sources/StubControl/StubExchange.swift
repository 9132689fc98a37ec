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
    /// The request's headers (`Authorization` is never recorded).
    public var headers: [String: String]
    /// Milliseconds from arrival to the answer's head, delays included.
    public var latencyMs: Double?
    /// When it arrived (RFC 3339).
    public var receivedAt: String
    /// True when the stub replayed an earlier answer for the same `Idempotency-Key`.
    public var replayed: Bool?

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
