import StubEngine

/// Who a valid access token belongs to.
package struct Principal: Sendable, Equatable {
    /// The persona's username.
    package var username: String
    /// The session namespace the token was issued in.
    package var session: String
}
