import StubEngine

/// Service health, `GET /v1/status`. Needs no token.
struct WireStatus: Codable, Sendable, Equatable {
    /// `ok` or `maintenance`.
    var status: String
    var message: String?
    /// Seconds until the maintenance window ends.
    var retryAfterSeconds: Int?
    var serverTime: String
    var apiVersion: String
}
