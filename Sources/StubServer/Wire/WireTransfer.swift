/// A transfer, returned by `POST /v1/transfers` and `GET /v1/transfers/{id}`.
public struct WireTransfer: Codable, Sendable, Equatable {
    public var id: String
    /// `pending` until booked.
    public var status: String
    public var fromAccountId: String
    public var beneficiaryId: String
    public var amount: WireMoney
    public var reference: String
    public var createdAt: String
    /// The pending entry the transfer added to the source account.
    public var transactionId: String
}

/// Body of `POST /v1/transfers`.
struct WireTransferRequest: Codable, Sendable, Equatable {
    static let fields: Set<String> = ["fromAccountId", "beneficiaryId", "amount", "amount.amount", "amount.currency", "reference"]
    var fromAccountId: String
    var beneficiaryId: String
    var amount: WireMoney
    var reference: String?
}
