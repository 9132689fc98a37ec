public import BankingDomain
import Foundation

/// Repository implementations over `BankRemoteDataSource`: fetch DTOs, map to the domain.
public struct RemoteProfileRepository: ProfileRepository {
    let remote: BankRemoteDataSource
    public init(remote: BankRemoteDataSource) { self.remote = remote }

    public func profile() async throws(BankingError) -> UserProfile {
        try DomainMapper.profile(try await remote.profile())
    }
}

public struct RemoteAccountRepository: AccountRepository {
    let remote: BankRemoteDataSource
    public init(remote: BankRemoteDataSource) { self.remote = remote }

    public func accounts() async throws(BankingError) -> [Account] {
        try await remote.accounts().data.map(DomainMapper.account)
    }

    public func account(id: String) async throws(BankingError) -> Account {
        try DomainMapper.account(try await remote.account(id: id))
    }

    public func balance(accountId: String) async throws(BankingError) -> Balance {
        try DomainMapper.balance(try await remote.balances(accountId: accountId))
    }
}

public struct RemoteTransactionRepository: TransactionRepository {
    let remote: BankRemoteDataSource
    public init(remote: BankRemoteDataSource) { self.remote = remote }

    public func transactions(accountId: String, query: TransactionQuery) async throws(BankingError) -> TransactionPage {
        let page = try await remote.transactions(accountId: accountId, query: query)
        return TransactionPage(transactions: try page.data.map(DomainMapper.transaction), nextCursor: page.nextCursor)
    }
}

public struct RemoteATMRepository: ATMRepository {
    let remote: BankRemoteDataSource
    public init(remote: BankRemoteDataSource) { self.remote = remote }

    public func atms(near: (latitude: Double, longitude: Double)?, radiusKm: Double?) async throws(BankingError) -> [ATM] {
        try await remote.atms(latitude: near?.latitude, longitude: near?.longitude, radiusKm: radiusKm).data.map(DomainMapper.atm)
    }
}

public struct RemoteCardRepository: CardRepository {
    let remote: BankRemoteDataSource
    public init(remote: BankRemoteDataSource) { self.remote = remote }

    public func cards() async throws(BankingError) -> [Card] {
        try await remote.cards().data.map(DomainMapper.card)
    }

    public func freeze(cardId: String) async throws(BankingError) -> Card {
        try DomainMapper.card(try await remote.setCard(id: cardId, frozen: true))
    }

    public func unfreeze(cardId: String) async throws(BankingError) -> Card {
        try DomainMapper.card(try await remote.setCard(id: cardId, frozen: false))
    }
}

public struct RemoteBeneficiaryRepository: BeneficiaryRepository {
    let remote: BankRemoteDataSource
    public init(remote: BankRemoteDataSource) { self.remote = remote }

    public func beneficiaries() async throws(BankingError) -> [Beneficiary] {
        try await remote.beneficiaries().data.map(DomainMapper.beneficiary)
    }

    public func add(_ beneficiary: NewBeneficiary) async throws(BankingError) -> Beneficiary {
        try DomainMapper.beneficiary(try await remote.addBeneficiary(
            NewBeneficiaryDTO(name: beneficiary.name, iban: IBAN(beneficiary.iban).compact, reference: beneficiary.reference)))
    }

    public func delete(id: String) async throws(BankingError) {
        try await remote.deleteBeneficiary(id: id)
    }
}

public struct RemoteTransferRepository: TransferRepository {
    let remote: BankRemoteDataSource
    public init(remote: BankRemoteDataSource) { self.remote = remote }

    public func submit(_ draft: TransferDraft, idempotencyKey: String) async throws(BankingError) -> Transfer {
        let dto = TransferRequestDTO(fromAccountId: draft.fromAccountId, beneficiaryId: draft.beneficiaryId,
                                     amount: MoneyDTO(amount: draft.amount.plainAmount, currency: draft.amount.currency.code),
                                     reference: draft.reference)
        return try DomainMapper.transfer(try await remote.submitTransfer(dto, idempotencyKey: idempotencyKey))
    }

    public func transfer(id: String) async throws(BankingError) -> Transfer {
        try DomainMapper.transfer(try await remote.transfer(id: id))
    }
}

public struct RemoteSupportRepository: SupportRepository {
    let remote: BankRemoteDataSource
    public init(remote: BankRemoteDataSource) { self.remote = remote }

    public func tickets() async throws(BankingError) -> [SupportTicket] {
        try await remote.tickets().data.map(DomainMapper.ticket)
    }

    public func create(_ ticket: NewSupportTicket) async throws(BankingError) -> SupportTicket {
        try DomainMapper.ticket(try await remote.createTicket(
            NewSupportTicketDTO(subject: ticket.subject, message: ticket.message, category: ticket.category.rawValue)))
    }
}

public struct RemoteStatusRepository: StatusRepository {
    let remote: BankRemoteDataSource
    public init(remote: BankRemoteDataSource) { self.remote = remote }

    public func status() async throws(BankingError) -> ServiceStatus {
        let dto = try await remote.status()
        return ServiceStatus(isUnderMaintenance: dto.status == "maintenance", message: dto.message,
                             retryAfter: dto.retryAfterSeconds.map(TimeInterval.init))
    }
}
