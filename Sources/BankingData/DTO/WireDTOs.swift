/// Codable shapes of `Contracts/openapi.yaml`, as the client reads them. They mirror the
/// contract, not the stub's types: the two sides share only the contract and the fixtures.
public struct MoneyDTO: Codable, Sendable, Hashable {
    public var amount: String
    public var currency: String
}

public struct ListDTO<Element: Codable & Sendable>: Codable, Sendable {
    public var data: [Element]
    public var nextCursor: String?
}

public struct TokenDTO: Codable, Sendable {
    public var access_token: String
    public var refresh_token: String
    public var token_type: String
    public var expires_in: Int
}

public struct ProfileDTO: Codable, Sendable {
    public var id, username, firstName, lastName, email, phone, locale, customerSince: String
}

public struct AccountDTO: Codable, Sendable {
    public var id, name, type, iban, currency, status: String
    public var balance, availableBalance: MoneyDTO
    public var creditLimit: MoneyDTO?
}

public struct BalancesDTO: Codable, Sendable {
    public var accountId: String
    public var booked, available, pending: MoneyDTO
    public var creditLimit: MoneyDTO?
    public var asOf: String
}

public struct MerchantDTO: Codable, Sendable {
    public var name, category: String
}

public struct TransactionDTO: Codable, Sendable {
    public var id, accountId, status, description, valueDate, createdAt: String
    public var amount: MoneyDTO
    public var merchant: MerchantDTO?
    public var bookingDate, pendingTransactionId, rejectionReason: String?
}

public struct CoordinateDTO: Codable, Sendable {
    public var lat, lon: Double
}

public struct OpeningHoursDTO: Codable, Sendable {
    public var day, opens, closes: String
}

public struct ATMDTO: Codable, Sendable {
    public var id, name, address: String
    public var location: CoordinateDTO
    public var services: [String]
    public var openingHours: [OpeningHoursDTO]
    public var distanceKm: Double?
}

public struct CardDTO: Codable, Sendable {
    public var id, accountId, type, brand, last4, holderName, expiry, status: String
}

public struct BeneficiaryDTO: Codable, Sendable {
    public var id, name, iban, createdAt: String
    public var bankName, reference: String?
}

public struct NewBeneficiaryDTO: Codable, Sendable {
    public var name, iban: String
    public var reference: String?
}

public struct TransferDTO: Codable, Sendable {
    public var id, status, fromAccountId, beneficiaryId, reference, createdAt, transactionId: String
    public var amount: MoneyDTO
}

public struct TransferRequestDTO: Codable, Sendable {
    public var fromAccountId, beneficiaryId: String
    public var amount: MoneyDTO
    public var reference: String
}

public struct SupportTicketDTO: Codable, Sendable {
    public var id, subject, message, category, status, createdAt: String
}

public struct NewSupportTicketDTO: Codable, Sendable {
    public var subject, message, category: String
}

public struct StatusDTO: Codable, Sendable {
    public var status, serverTime, apiVersion: String
    public var message: String?
    public var retryAfterSeconds: Int?
}

public struct ErrorEnvelopeDTO: Codable, Sendable {
    public struct Body: Codable, Sendable {
        public var type, code, message, displayMessage, requestId: String
        public var retryable: Bool
        public var details: [Detail]
    }

    public struct Detail: Codable, Sendable {
        public var code, path, message: String
    }

    public var error: Body
}
