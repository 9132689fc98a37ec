public import Foundation

/// A saved payee.
public struct Beneficiary: Hashable, Sendable, Identifiable {
    /// The bank's id for the payee.
    public let id: String
    /// The payee's name as the customer saved it.
    public let name: String
    /// The payee's IBAN, without spaces.
    public let iban: String
    /// The payee's bank, when the bank knows it from the IBAN.
    public let bankName: String?
    /// A default reference for transfers to this payee.
    public let reference: String?
    /// When the payee was saved.
    public let createdAt: Date

    /// A payee as the bank reports it.
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
    /// The payee's name.
    public let name: String
    /// The payee's IBAN; spaces are allowed and removed before sending.
    public let iban: String
    /// A default reference for transfers to this payee.
    public let reference: String?

    /// A payee to save.
    public init(name: String, iban: String, reference: String?) {
        self.name = name
        self.iban = iban
        self.reference = reference
    }
}
