import StubEngine

/// A support request, `GET/POST /v1/support/tickets`.
package struct WireSupportTicket: Codable, Sendable, Equatable {
    package var id: String
    package var subject: String
    package var message: String
    /// `general`, `card`, `transfer`, `account` or `fraud`.
    package var category: String
    /// `open`, `answered` or `closed`.
    package var status: String
    package var createdAt: String
}

/// Body of `POST /v1/support/tickets`.
package struct WireNewSupportTicket: Codable, Sendable {
    package static let fields: Set<String> = ["subject", "message", "category"]
    package var subject: String
    package var message: String
    package var category: String?
}
