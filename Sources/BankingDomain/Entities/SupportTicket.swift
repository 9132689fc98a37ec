public import Foundation

/// A support request.
public struct SupportTicket: Hashable, Sendable, Identifiable {
    public enum Category: String, Sendable, CaseIterable { case general, card, transfer, account, fraud }
    public enum Status: String, Sendable { case open, answered, closed }

    public let id: String
    public let subject: String
    public let message: String
    public let category: Category
    public let status: Status
    public let createdAt: Date

    public init(id: String, subject: String, message: String, category: Category, status: Status, createdAt: Date) {
        self.id = id
        self.subject = subject
        self.message = message
        self.category = category
        self.status = status
        self.createdAt = createdAt
    }
}

/// A ticket the customer is opening.
public struct NewSupportTicket: Hashable, Sendable {
    public let subject: String
    public let message: String
    public let category: SupportTicket.Category

    public init(subject: String, message: String, category: SupportTicket.Category) {
        self.subject = subject
        self.message = message
        self.category = category
    }
}
