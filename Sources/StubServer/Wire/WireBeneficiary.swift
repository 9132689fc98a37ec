import StubEngine

/// A saved payee, `GET /v1/beneficiaries`.
struct WireBeneficiary: Codable, Sendable, Equatable {
    var id: String
    var name: String
    var iban: String
    var bankName: String?
    var reference: String?
    var createdAt: String
}

/// Body of `POST /v1/beneficiaries`.
struct WireNewBeneficiary: Codable, Sendable {
    static let fields: Set<String> = ["name", "iban", "reference"]
    var name: String
    var iban: String
    var reference: String?
}
