import StubEngine

/// A saved payee, `GET /v1/beneficiaries`.
package struct WireBeneficiary: Codable, Sendable, Equatable {
    package var id: String
    package var name: String
    package var iban: String
    package var bankName: String?
    package var reference: String?
    package var createdAt: String
}

/// Body of `POST /v1/beneficiaries`.
package struct WireNewBeneficiary: Codable, Sendable {
    package static let fields: Set<String> = ["name", "iban", "reference"]
    package var name: String
    package var iban: String
    package var reference: String?
}
