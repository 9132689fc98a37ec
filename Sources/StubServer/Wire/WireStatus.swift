/// Service health, `GET /v1/status`. Needs no token.
public struct WireStatus: Codable, Sendable, Equatable {
    /// `ok` or `maintenance`.
    public var status: String
    public var message: String?
    /// Seconds until the maintenance window ends.
    public var retryAfterSeconds: Int?
    public var serverTime: String
    public var apiVersion: String
}
