/// Codable shapes of `Contracts/openapi.yaml`, as the client reads them. They mirror the
/// contract, not the stub's types: the two sides share only the contract and the fixtures.
struct MoneyDTO: Codable, Sendable, Hashable {
    var amount: String
    var currency: String
}

struct ListDTO<Element: Codable & Sendable>: Codable, Sendable {
    var data: [Element]
    var nextCursor: String?
}

struct TokenDTO: Codable, Sendable {
    var access_token: String
    var refresh_token: String
    var token_type: String
    var expires_in: Int
}

struct ProfileDTO: Codable, Sendable {
    var id, username, firstName, lastName, email, phone, locale, customerSince: String
}

struct AccountDTO: Codable, Sendable {
    var id, name, type, iban, currency, status: String
    var balance, availableBalance: MoneyDTO
    var creditLimit: MoneyDTO?
}

struct BalancesDTO: Codable, Sendable {
    var accountId: String
    var booked, available, pending: MoneyDTO
    var creditLimit: MoneyDTO?
    var asOf: String
}

struct MerchantDTO: Codable, Sendable {
    var name, category: String
}

struct TransactionDTO: Codable, Sendable {
    var id, accountId, status, description, valueDate, createdAt: String
    var amount: MoneyDTO
    var merchant: MerchantDTO?
    var bookingDate, pendingTransactionId, rejectionReason: String?
}

struct CoordinateDTO: Codable, Sendable {
    var lat, lon: Double
}

struct OpeningHoursDTO: Codable, Sendable {
    var day, opens, closes: String
}

struct ATMDTO: Codable, Sendable {
    var id, name, address: String
    var location: CoordinateDTO
    var services: [String]
    var openingHours: [OpeningHoursDTO]
    var distanceKm: Double?
}

struct CardDTO: Codable, Sendable {
    var id, accountId, type, brand, last4, holderName, expiry, status: String
}

struct BeneficiaryDTO: Codable, Sendable {
    var id, name, iban, createdAt: String
    var bankName, reference: String?
}

struct NewBeneficiaryDTO: Codable, Sendable {
    var name, iban: String
    var reference: String?
}

struct TransferDTO: Codable, Sendable {
    var id, status, fromAccountId, beneficiaryId, reference, createdAt, transactionId: String
    var amount: MoneyDTO
}

struct TransferRequestDTO: Codable, Sendable {
    var fromAccountId, beneficiaryId: String
    var amount: MoneyDTO
    var reference: String
}

struct SupportTicketDTO: Codable, Sendable {
    var id, subject, message, category, status, createdAt: String
}

struct NewSupportTicketDTO: Codable, Sendable {
    var subject, message, category: String
}

struct StatusDTO: Codable, Sendable {
    var status, serverTime, apiVersion: String
    var message: String?
    var retryAfterSeconds: Int?
}

struct ErrorEnvelopeDTO: Codable, Sendable {
    struct Body: Codable, Sendable {
        var type, code, message, displayMessage, requestId: String
        var retryable: Bool
        var details: [Detail]
    }

    struct Detail: Codable, Sendable {
        var code, path, message: String
    }

    var error: Body
}
