/// One request as the stub saw it; `Authorization` is never recorded.
public struct JournalEntry: Codable, Sendable, Equatable {
    public var sequence: Int
    public var requestId: String
    /// RFC 3339 time the request arrived.
    public var receivedAt: String
    public var method: String
    /// Path with query string.
    public var path: String
    public var session: String
    /// The route pattern that matched, e.g. `GET /v1/accounts/{accountId}`; a route file's
    /// route adds its id: `GET /v1/offers [offers-list]`.
    public var route: String?
    /// For a request no route matched: the closest route, where it is, and why it missed,
    /// e.g. `GET /v1/accounts (built-in bank): method is POST; this route takes GET`.
    public var nearMiss: String?
    public var status: Int?
    /// Set instead of a status when a network fault was sent.
    public var fault: String?
    /// Id of the behaviour that fired (`header` for `X-Stub-*`).
    public var behaviour: String?
    /// Time from arrival to the response head, in milliseconds.
    public var latencyMs: Double
    /// Request headers, with `Authorization` redacted.
    public var headers: [String: String]
    /// True when the answer replayed an earlier one for the same `Idempotency-Key` (the bank
    /// did nothing new); absent otherwise.
    public var replayed: Bool?
}
