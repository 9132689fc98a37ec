import StubEngine

/// A transfer, returned by `POST /v1/transfers` and `GET /v1/transfers/{id}`.
package struct WireTransfer: Codable, Sendable, Equatable {
    package var id: String
    /// `pending` until booked.
    package var status: String
    package var fromAccountId: String
    package var beneficiaryId: String
    package var amount: WireMoney
    package var reference: String
    package var createdAt: String
    /// The pending entry the transfer added to the source account.
    package var transactionId: String
}

/// Body of `POST /v1/transfers`.
package struct WireTransferRequest: Codable, Sendable, Equatable {
    package static let fields: Set<String> = ["fromAccountId", "beneficiaryId", "amount", "amount.amount", "amount.currency", "reference"]
    package var fromAccountId: String
    package var beneficiaryId: String
    package var amount: WireMoney
    package var reference: String?
}
