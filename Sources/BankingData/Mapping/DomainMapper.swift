import BankingDomain
import Foundation

/// DTO → domain. Anything the contract promises but the response breaks is `unexpectedResponse`.
enum DomainMapper {
    static func money(_ dto: MoneyDTO, _ field: String) throws(BankingError) -> Money {
        guard let money = Money(amount: dto.amount, currency: dto.currency) else {
            throw .unexpectedResponse(reason: "\(field) is not money: \(dto.amount) \(dto.currency)")
        }
        return money
    }

    static func day(_ text: String, _ field: String) throws(BankingError) -> Day {
        guard let day = Day(text) else { throw .unexpectedResponse(reason: "\(field) is not a date: \(text)") }
        return day
    }

    static func instant(_ text: String, _ field: String) throws(BankingError) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else {
            throw .unexpectedResponse(reason: "\(field) is not an RFC 3339 time: \(text)")
        }
        return date
    }

    static func enumeration<T: RawRepresentable>(_ text: String, _ field: String) throws(BankingError) -> T where T.RawValue == String {
        guard let value = T(rawValue: text) else { throw .unexpectedResponse(reason: "\(field) has unknown value \(text)") }
        return value
    }

    static func account(_ dto: AccountDTO) throws(BankingError) -> Account {
        guard let currency = CurrencyCode(dto.currency) else { throw .unexpectedResponse(reason: "account currency \(dto.currency)") }
        return Account(id: dto.id, name: dto.name, kind: try enumeration(dto.type, "account.type"), iban: dto.iban, currency: currency,
                       balance: try money(dto.balance, "balance"), availableBalance: try money(dto.availableBalance, "availableBalance"),
                       creditLimit: try dto.creditLimit.map { m throws(BankingError) in try money(m, "creditLimit") },
                       isActive: dto.status == "active")
    }

    static func balance(_ dto: BalancesDTO) throws(BankingError) -> Balance {
        Balance(accountId: dto.accountId, booked: try money(dto.booked, "booked"), available: try money(dto.available, "available"),
                pending: try money(dto.pending, "pending"),
                creditLimit: try dto.creditLimit.map { m throws(BankingError) in try money(m, "creditLimit") },
                asOf: try instant(dto.asOf, "asOf"))
    }

    static func transaction(_ dto: TransactionDTO) throws(BankingError) -> Transaction {
        Transaction(id: dto.id, accountId: dto.accountId, status: try enumeration(dto.status, "transaction.status"),
                    amount: try money(dto.amount, "amount"), description: dto.description,
                    merchant: dto.merchant.map { Merchant(name: $0.name, category: $0.category) },
                    bookingDate: try dto.bookingDate.map { d throws(BankingError) in try day(d, "bookingDate") },
                    valueDate: try day(dto.valueDate, "valueDate"), createdAt: try instant(dto.createdAt, "createdAt"),
                    pendingTransactionId: dto.pendingTransactionId, rejectionReason: dto.rejectionReason)
    }

    static func atm(_ dto: ATMDTO) -> ATM {
        ATM(id: dto.id, name: dto.name, address: dto.address, latitude: dto.location.lat, longitude: dto.location.lon,
            services: dto.services, openingHours: dto.openingHours.map { OpeningHours(day: $0.day, opens: $0.opens, closes: $0.closes) },
            distanceKm: dto.distanceKm)
    }

    static func card(_ dto: CardDTO) throws(BankingError) -> Card {
        Card(id: dto.id, accountId: dto.accountId, kind: try enumeration(dto.type, "card.type"), brand: dto.brand, last4: dto.last4,
             holderName: dto.holderName, expiry: dto.expiry, status: try enumeration(dto.status, "card.status"))
    }

    static func beneficiary(_ dto: BeneficiaryDTO) throws(BankingError) -> Beneficiary {
        Beneficiary(id: dto.id, name: dto.name, iban: dto.iban, bankName: dto.bankName, reference: dto.reference,
                    createdAt: try instant(dto.createdAt, "createdAt"))
    }

    static func transfer(_ dto: TransferDTO) throws(BankingError) -> Transfer {
        Transfer(id: dto.id, status: try enumeration(dto.status, "transfer.status"), fromAccountId: dto.fromAccountId,
                 beneficiaryId: dto.beneficiaryId, amount: try money(dto.amount, "amount"), reference: dto.reference,
                 createdAt: try instant(dto.createdAt, "createdAt"), transactionId: dto.transactionId)
    }

    static func ticket(_ dto: SupportTicketDTO) throws(BankingError) -> SupportTicket {
        SupportTicket(id: dto.id, subject: dto.subject, message: dto.message, category: try enumeration(dto.category, "category"),
                      status: try enumeration(dto.status, "ticket.status"), createdAt: try instant(dto.createdAt, "createdAt"))
    }

    static func profile(_ dto: ProfileDTO) throws(BankingError) -> UserProfile {
        UserProfile(id: dto.id, username: dto.username, firstName: dto.firstName, lastName: dto.lastName, email: dto.email,
                    phone: dto.phone, locale: dto.locale, customerSince: try day(dto.customerSince, "customerSince"))
    }

    static func session(_ dto: TokenDTO, now: Date) -> Session {
        Session(accessToken: dto.access_token, refreshToken: dto.refresh_token, expiresAt: now.addingTimeInterval(TimeInterval(dto.expires_in)))
    }
}
