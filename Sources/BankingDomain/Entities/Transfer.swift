public import Foundation

/// A submitted transfer.
public struct Transfer: Hashable, Sendable, Identifiable {
    public enum Status: String, Sendable { case pending, completed }

    public let id: String
    public let status: Status
    public let fromAccountId: String
    public let beneficiaryId: String
    public let amount: Money
    public let reference: String
    public let createdAt: Date
    /// The pending entry the transfer added to the source account.
    public let transactionId: String

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
    public let fromAccountId: String
    public let beneficiaryId: String
    public let amount: Money
    public let reference: String

    public init(fromAccountId: String, beneficiaryId: String, amount: Money, reference: String) {
        self.fromAccountId = fromAccountId
        self.beneficiaryId = beneficiaryId
        self.amount = amount
        self.reference = reference
    }
}
