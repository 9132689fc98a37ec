public import Foundation

/// The tokens of a signed-in customer.
public struct Session: Hashable, Sendable {
    public let accessToken: String
    public let refreshToken: String
    public let expiresAt: Date

    public init(accessToken: String, refreshToken: String, expiresAt: Date) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }
}

/// What `GET /v1/status` says.
public struct ServiceStatus: Hashable, Sendable {
    public let isUnderMaintenance: Bool
    public let message: String?
    public let retryAfter: TimeInterval?

    public init(isUnderMaintenance: Bool, message: String?, retryAfter: TimeInterval?) {
        self.isUnderMaintenance = isUnderMaintenance
        self.message = message
        self.retryAfter = retryAfter
    }
}
