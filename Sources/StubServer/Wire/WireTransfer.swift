import StubEngine

/// A transfer, returned by `POST /v1/transfers` and `GET /v1/transfers/{id}`.
struct WireTransfer: Codable, Sendable, Equatable {
    var id: String
    /// `pending` until booked.
    var status: String
    var fromAccountId: String
    var beneficiaryId: String
    var amount: WireMoney
    var reference: String
    var createdAt: String
    /// The pending entry the transfer added to the source account.
    var transactionId: String
}

/// Body of `POST /v1/transfers`.
struct WireTransferRequest: Codable, Sendable, Equatable {
    static let fields: Set<String> = ["fromAccountId", "beneficiaryId", "amount", "amount.amount", "amount.currency", "reference"]
    var fromAccountId: String
    var beneficiaryId: String
    var amount: WireMoney
    var reference: String?
}
