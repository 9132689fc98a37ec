import BankingDomain
import Foundation

/// Repository implementations over `BankRemoteDataSource`: fetch DTOs, map to the domain.
struct RemoteProfileRepository: ProfileRepository {
    let remote: BankRemoteDataSource
    init(remote: BankRemoteDataSource) { self.remote = remote }

    func profile() async throws(BankingError) -> UserProfile {
        try DomainMapper.profile(try await remote.profile())
    }
}

struct RemoteAccountRepository: AccountRepository {
    let remote: BankRemoteDataSource
    init(remote: BankRemoteDataSource) { self.remote = remote }

    func accounts() async throws(BankingError) -> [Account] {
        try await remote.accounts().data.map(DomainMapper.account)
    }

    func account(id: String) async throws(BankingError) -> Account {
        try DomainMapper.account(try await remote.account(id: id))
    }

    func balance(accountId: String) async throws(BankingError) -> Balance {
        try DomainMapper.balance(try await remote.balances(accountId: accountId))
    }
}

struct RemoteTransactionRepository: TransactionRepository {
    let remote: BankRemoteDataSource
    init(remote: BankRemoteDataSource) { self.remote = remote }

    func transactions(accountId: String, query: TransactionQuery) async throws(BankingError) -> TransactionPage {
        let page = try await remote.transactions(accountId: accountId, query: query)
        return TransactionPage(transactions: try page.data.map(DomainMapper.transaction), nextCursor: page.nextCursor)
    }
}

struct RemoteATMRepository: ATMRepository {
    let remote: BankRemoteDataSource
    init(remote: BankRemoteDataSource) { self.remote = remote }

    func atms(near: (latitude: Double, longitude: Double)?, radiusKm: Double?) async throws(BankingError) -> [ATM] {
        try await remote.atms(latitude: near?.latitude, longitude: near?.longitude, radiusKm: radiusKm).data.map(DomainMapper.atm)
    }
}

struct RemoteCardRepository: CardRepository {
    let remote: BankRemoteDataSource
    init(remote: BankRemoteDataSource) { self.remote = remote }

    func cards() async throws(BankingError) -> [Card] {
        try await remote.cards().data.map(DomainMapper.card)
    }

    func freeze(cardId: String) async throws(BankingError) -> Card {
        try DomainMapper.card(try await remote.setCard(id: cardId, frozen: true))
    }

    func unfreeze(cardId: String) async throws(BankingError) -> Card {
        try DomainMapper.card(try await remote.setCard(id: cardId, frozen: false))
    }
}

struct RemoteBeneficiaryRepository: BeneficiaryRepository {
    let remote: BankRemoteDataSource
    init(remote: BankRemoteDataSource) { self.remote = remote }

    func beneficiaries() async throws(BankingError) -> [Beneficiary] {
        try await remote.beneficiaries().data.map(DomainMapper.beneficiary)
    }

    func add(_ beneficiary: NewBeneficiary) async throws(BankingError) -> Beneficiary {
        try DomainMapper.beneficiary(try await remote.addBeneficiary(
            NewBeneficiaryDTO(name: beneficiary.name, iban: IBAN(beneficiary.iban).compact, reference: beneficiary.reference)))
    }

    func delete(id: String) async throws(BankingError) {
        try await remote.deleteBeneficiary(id: id)
    }
}

struct RemoteTransferRepository: TransferRepository {
    let remote: BankRemoteDataSource
    init(remote: BankRemoteDataSource) { self.remote = remote }

    func submit(_ draft: TransferDraft, idempotencyKey: String) async throws(BankingError) -> Transfer {
        let dto = TransferRequestDTO(fromAccountId: draft.fromAccountId, beneficiaryId: draft.beneficiaryId,
                                     amount: MoneyDTO(amount: draft.amount.plainAmount, currency: draft.amount.currency.code),
                                     reference: draft.reference)
        return try DomainMapper.transfer(try await remote.submitTransfer(dto, idempotencyKey: idempotencyKey))
    }

    func transfer(id: String) async throws(BankingError) -> Transfer {
        try DomainMapper.transfer(try await remote.transfer(id: id))
    }
}

struct RemoteSupportRepository: SupportRepository {
    let remote: BankRemoteDataSource
    init(remote: BankRemoteDataSource) { self.remote = remote }

    func tickets() async throws(BankingError) -> [SupportTicket] {
        try await remote.tickets().data.map(DomainMapper.ticket)
    }

    func create(_ ticket: NewSupportTicket) async throws(BankingError) -> SupportTicket {
        try DomainMapper.ticket(try await remote.createTicket(
            NewSupportTicketDTO(subject: ticket.subject, message: ticket.message, category: ticket.category.rawValue)))
    }
}

struct RemoteStatusRepository: StatusRepository {
    let remote: BankRemoteDataSource
    init(remote: BankRemoteDataSource) { self.remote = remote }

    func status() async throws(BankingError) -> ServiceStatus {
        let dto = try await remote.status()
        return ServiceStatus(isUnderMaintenance: dto.status == "maintenance", message: dto.message,
                             retryAfter: dto.retryAfterSeconds.map(TimeInterval.init))
    }
}
