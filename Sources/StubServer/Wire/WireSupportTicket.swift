/// A support request, `GET/POST /v1/support/tickets`.
public struct WireSupportTicket: Codable, Sendable, Equatable {
    public var id: String
    public var subject: String
    public var message: String
    /// `general`, `card`, `transfer`, `account` or `fraud`.
    public var category: String
    /// `open`, `answered` or `closed`.
    public var status: String
    public var createdAt: String
}

/// Body of `POST /v1/support/tickets`.
struct WireNewSupportTicket: Codable, Sendable {
    static let fields: Set<String> = ["subject", "message", "category"]
    var subject: String
    var message: String
    var category: String?
}
