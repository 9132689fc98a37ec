/// One request as the stub saw it; `Authorization` is never recorded.
package struct JournalEntry: Codable, Sendable, Equatable {
    package var sequence: Int
    package var requestId: String
    /// RFC 3339 time the request arrived.
    package var receivedAt: String
    package var method: String
    /// Path with query string.
    package var path: String
    package var session: String
    /// The route pattern that matched, e.g. `GET /v1/accounts/{accountId}`; a route file's
    /// route adds its id: `GET /v1/offers [offers-list]`.
    package var route: String?
    /// For a request no route matched: the closest route, where it is, and why it missed,
    /// e.g. `GET /v1/accounts (built-in bank): method is POST; this route takes GET`.
    package var nearMiss: String?
    package var status: Int?
    /// Set instead of a status when a network fault was sent.
    package var fault: String?
    /// Id of the behaviour that fired (`header` for `X-Stub-*`).
    package var behaviour: String?
    /// Time from arrival to the response head, in milliseconds.
    package var latencyMs: Double
    /// Request headers, with `Authorization` redacted.
    package var headers: [String: String]
    /// True when the answer replayed an earlier one for the same `Idempotency-Key` (the bank
    /// did nothing new); absent otherwise.
    package var replayed: Bool?
}
