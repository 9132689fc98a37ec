import StubEngine

/// Response of `POST /v1/auth/token`.
package struct WireToken: Codable, Sendable, Equatable {
    package var access_token: String
    package var refresh_token: String
    package var token_type: String
    package var expires_in: Int
}

/// Body of `POST /v1/auth/token`: a password grant or a refresh-token grant.
package struct WireTokenRequest: Codable, Sendable {
    package static let fields: Set<String> = ["grant_type", "username", "password", "refresh_token"]
    package var grant_type: String
    package var username: String?
    package var password: String?
    package var refresh_token: String?
}
