import StubEngine

/// The signed-in customer, `GET /v1/me`.
package struct WireProfile: Codable, Sendable, Equatable {
    package var id: String
    package var username: String
    package var firstName: String
    package var lastName: String
    package var email: String
    package var phone: String
    /// BCP 47 tag the app should format with, e.g. `de-DE`.
    package var locale: String
    /// `YYYY-MM-DD`.
    package var customerSince: String
}
