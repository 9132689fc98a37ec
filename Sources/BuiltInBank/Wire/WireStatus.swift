import StubEngine

/// Service health, `GET /v1/status`. Needs no token.
package struct WireStatus: Codable, Sendable, Equatable {
    /// `ok` or `maintenance`.
    package var status: String
    package var message: String?
    /// Seconds until the maintenance window ends.
    package var retryAfterSeconds: Int?
    package var serverTime: String
    package var apiVersion: String
}
