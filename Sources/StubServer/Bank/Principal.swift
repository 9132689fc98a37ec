/// Who a valid access token belongs to.
public struct Principal: Sendable, Equatable {
    /// The persona's username.
    public var username: String
    /// The session namespace the token was issued in.
    public var session: String
}
