import StubEngine

/// The signed-in customer, `GET /v1/me`.
struct WireProfile: Codable, Sendable, Equatable {
    var id: String
    var username: String
    var firstName: String
    var lastName: String
    var email: String
    var phone: String
    /// BCP 47 tag the app should format with, e.g. `de-DE`.
    var locale: String
    /// `YYYY-MM-DD`.
    var customerSince: String
}
