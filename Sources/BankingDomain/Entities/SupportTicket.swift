public import Foundation

/// A support request.
public struct SupportTicket: Hashable, Sendable, Identifiable {
    /// What the request is about, which decides the team that answers it.
    public enum Category: String, Sendable, CaseIterable {
        /// Anything else.
        case general
        /// A card: lost, stolen, declined, frozen.
        case card
        /// A transfer that went wrong or is late.
        case transfer
        /// The account itself: details, statements, closing.
        case account
        /// Suspected fraud, which the bank treats first.
        case fraud
    }

    /// Where the ticket stands.
    public enum Status: String, Sendable {
        /// Waiting for the bank.
        case open
        /// The bank has replied.
        case answered
        /// Done; no further replies.
        case closed
    }

    /// The bank's id for the ticket.
    public let id: String
    /// One line saying what it is about.
    public let subject: String
    /// What the customer wrote.
    public let message: String
    /// What it is about.
    public let category: Category
    /// Open, answered or closed.
    public let status: Status
    /// When it was opened.
    public let createdAt: Date

    /// A ticket as the bank reports it.
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
    /// One line saying what it is about.
    public let subject: String
    /// What the customer wrote.
    public let message: String
    /// What it is about.
    public let category: SupportTicket.Category

    /// A ticket to open.
    public init(subject: String, message: String, category: SupportTicket.Category) {
        self.subject = subject
        self.message = message
        self.category = category
    }
}
