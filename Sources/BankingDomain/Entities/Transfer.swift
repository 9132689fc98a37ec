public import Foundation

/// A submitted transfer.
public struct Transfer: Hashable, Sendable, Identifiable {
    /// Whether the money has left yet.
    public enum Status: String, Sendable {
        /// Accepted; the money is reserved on the source account.
        case pending
        /// Done; the money has left.
        case completed
    }

    /// The bank's id for the transfer.
    public let id: String
    /// Pending or completed.
    public let status: Status
    /// The account the money leaves.
    public let fromAccountId: String
    /// The saved payee it goes to.
    public let beneficiaryId: String
    /// How much, in the source account's currency; positive.
    public let amount: Money
    /// The text the payee sees on their statement.
    public let reference: String
    /// When the bank accepted it.
    public let createdAt: Date
    /// The pending entry the transfer added to the source account.
    public let transactionId: String

    /// A transfer as the bank reports it.
    public init(id: String, status: Status, fromAccountId: String, beneficiaryId: String, amount: Money,
                reference: String, createdAt: Date, transactionId: String) {
        self.id = id
        self.status = status
        self.fromAccountId = fromAccountId
        self.beneficiaryId = beneficiaryId
        self.amount = amount
        self.reference = reference
        self.createdAt = createdAt
        self.transactionId = transactionId
    }
}

/// What the customer asked to send.
public struct TransferDraft: Hashable, Sendable {
    /// The account the money should leave.
    public let fromAccountId: String
    /// The saved payee it should go to.
    public let beneficiaryId: String
    /// How much; positive.
    public let amount: Money
    /// The text the payee sees on their statement.
    public let reference: String

    /// A transfer the customer has filled in.
    public init(fromAccountId: String, beneficiaryId: String, amount: Money, reference: String) {
        self.fromAccountId = fromAccountId
        self.beneficiaryId = beneficiaryId
        self.amount = amount
        self.reference = reference
    }
}
