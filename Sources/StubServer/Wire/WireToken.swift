import StubEngine

/// Response of `POST /v1/auth/token`.
struct WireToken: Codable, Sendable, Equatable {
    var access_token: String
    var refresh_token: String
    var token_type: String
    var expires_in: Int
}

/// Body of `POST /v1/auth/token`: a password grant or a refresh-token grant.
struct WireTokenRequest: Codable, Sendable {
    static let fields: Set<String> = ["grant_type", "username", "password", "refresh_token"]
    var grant_type: String
    var username: String?
    var password: String?
    var refresh_token: String?
}
