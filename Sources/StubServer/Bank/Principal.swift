import StubEngine

/// Who a valid access token belongs to.
struct Principal: Sendable, Equatable {
    /// The persona's username.
    var username: String
    /// The session namespace the token was issued in.
    var session: String
}
