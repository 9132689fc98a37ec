/// A saved payee, `GET /v1/beneficiaries`.
public struct WireBeneficiary: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var iban: String
    public var bankName: String?
    public var reference: String?
    public var createdAt: String
}

/// Body of `POST /v1/beneficiaries`.
struct WireNewBeneficiary: Codable, Sendable {
    static let fields: Set<String> = ["name", "iban", "reference"]
    var name: String
    var iban: String
    var reference: String?
}
