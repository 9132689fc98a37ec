/// The signed-in customer, `GET /v1/me`.
public struct WireProfile: Codable, Sendable, Equatable {
    public var id: String
    public var username: String
    public var firstName: String
    public var lastName: String
    public var email: String
    public var phone: String
    /// BCP 47 tag the app should format with, e.g. `de-DE`.
    public var locale: String
    /// `YYYY-MM-DD`.
    public var customerSince: String
}
