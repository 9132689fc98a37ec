public import Foundation

/// A saved payee.
public struct Beneficiary: Hashable, Sendable, Identifiable {
    public let id: String
    public let name: String
    public let iban: String
    public let bankName: String?
    public let reference: String?
    public let createdAt: Date

    public init(id: String, name: String, iban: String, bankName: String?, reference: String?, createdAt: Date) {
        self.id = id
        self.name = name
        self.iban = iban
        self.bankName = bankName
        self.reference = reference
        self.createdAt = createdAt
    }
}

/// A payee the customer wants to save.
public struct NewBeneficiary: Hashable, Sendable {
    public let name: String
    public let iban: String
    public let reference: String?

    public init(name: String, iban: String, reference: String?) {
        self.name = name
        self.iban = iban
        self.reference = reference
    }
}
