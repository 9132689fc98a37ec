public import Foundation

/// The tokens of a signed-in customer.
public struct Session: Hashable, Sendable {
    /// The bearer token sent with each request.
    public let accessToken: String
    /// The token that gets a new access token when this one expires.
    public let refreshToken: String
    /// When the access token stops working.
    public let expiresAt: Date

    /// Tokens from a sign-in or a refresh.
    public init(accessToken: String, refreshToken: String, expiresAt: Date) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }
}

/// What `GET /v1/status` says.
public struct ServiceStatus: Hashable, Sendable {
    /// True while the bank is down for planned work; the app shows the maintenance screen.
    public let isUnderMaintenance: Bool
    /// What the bank says about it, for the customer.
    public let message: String?
    /// Seconds until the bank expects to be back, when it says.
    public let retryAfter: TimeInterval?

    /// The service status as the bank reports it.
    public init(isUnderMaintenance: Bool, message: String?, retryAfter: TimeInterval?) {
        self.isUnderMaintenance = isUnderMaintenance
        self.message = message
        self.retryAfter = retryAfter
    }
}
