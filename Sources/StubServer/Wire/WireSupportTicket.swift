import StubEngine

/// A support request, `GET/POST /v1/support/tickets`.
struct WireSupportTicket: Codable, Sendable, Equatable {
    var id: String
    var subject: String
    var message: String
    /// `general`, `card`, `transfer`, `account` or `fraud`.
    var category: String
    /// `open`, `answered` or `closed`.
    var status: String
    var createdAt: String
}

/// Body of `POST /v1/support/tickets`.
struct WireNewSupportTicket: Codable, Sendable {
    static let fields: Set<String> = ["subject", "message", "category"]
    var subject: String
    var message: String
    var category: String?
}
