import BankingDomain
import Foundation

/// `POST /v1/auth/token` and `/v1/auth/logout`.
struct AuthRemoteDataSource: Sendable {
    let client: APIClient

    init(client: APIClient) { self.client = client }

    func token(username: String, password: String) async throws(BankingError) -> TokenDTO {
        try await client.send(Endpoint.json("POST", "/v1/auth/token",
                                            ["grant_type": "password", "username": username, "password": password],
                                            requiresAuthentication: false), as: TokenDTO.self)
    }

    func refresh(refreshToken: String) async throws(BankingError) -> TokenDTO {
        try await client.send(Endpoint.json("POST", "/v1/auth/token",
                                            ["grant_type": "refresh_token", "refresh_token": refreshToken],
                                            requiresAuthentication: false), as: TokenDTO.self)
    }

    func logout() async throws(BankingError) {
        try await client.send(Endpoint.post("/v1/auth/logout"))
    }
}

/// Profile, accounts, balances, transactions, ATMs, cards, payees, transfers, tickets, status.
struct BankRemoteDataSource: Sendable {
    let client: APIClient

    init(client: APIClient) { self.client = client }

    func profile() async throws(BankingError) -> ProfileDTO {
        try await client.send(Endpoint.get("/v1/me"), as: ProfileDTO.self)
    }

    func accounts() async throws(BankingError) -> ListDTO<AccountDTO> {
        try await client.send(Endpoint.get("/v1/accounts"), as: ListDTO<AccountDTO>.self)
    }

    func account(id: String) async throws(BankingError) -> AccountDTO {
        try await client.send(Endpoint.get("/v1/accounts/\(Endpoint.segment(id))"), as: AccountDTO.self)
    }

    func balances(accountId: String) async throws(BankingError) -> BalancesDTO {
        try await client.send(Endpoint.get("/v1/accounts/\(Endpoint.segment(accountId))/balances"), as: BalancesDTO.self)
    }

    func transactions(accountId: String, query: TransactionQuery) async throws(BankingError) -> ListDTO<TransactionDTO> {
        var items: [URLQueryItem] = []
        if let from = query.from { items.append(URLQueryItem(name: "from", value: from.description)) }
        if let to = query.to { items.append(URLQueryItem(name: "to", value: to.description)) }
        if let status = query.status { items.append(URLQueryItem(name: "status", value: status.rawValue)) }
        if let cursor = query.cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        if let limit = query.limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        return try await client.send(Endpoint.get("/v1/accounts/\(Endpoint.segment(accountId))/transactions", query: items),
                                     as: ListDTO<TransactionDTO>.self)
    }

    func atms(latitude: Double?, longitude: Double?, radiusKm: Double?) async throws(BankingError) -> ListDTO<ATMDTO> {
        var items: [URLQueryItem] = []
        if let latitude, let longitude {
            items += [URLQueryItem(name: "lat", value: String(latitude)), URLQueryItem(name: "lon", value: String(longitude))]
        }
        if let radiusKm { items.append(URLQueryItem(name: "radiusKm", value: String(radiusKm))) }
        return try await client.send(Endpoint.get("/v1/atms", query: items, requiresAuthentication: false), as: ListDTO<ATMDTO>.self)
    }

    func cards() async throws(BankingError) -> ListDTO<CardDTO> {
        try await client.send(Endpoint.get("/v1/cards"), as: ListDTO<CardDTO>.self)
    }

    func setCard(id: String, frozen: Bool) async throws(BankingError) -> CardDTO {
        try await client.send(Endpoint.post("/v1/cards/\(Endpoint.segment(id))/\(frozen ? "freeze" : "unfreeze")"), as: CardDTO.self)
    }

    func beneficiaries() async throws(BankingError) -> ListDTO<BeneficiaryDTO> {
        try await client.send(Endpoint.get("/v1/beneficiaries"), as: ListDTO<BeneficiaryDTO>.self)
    }

    func addBeneficiary(_ dto: NewBeneficiaryDTO) async throws(BankingError) -> BeneficiaryDTO {
        try await client.send(Endpoint.json("POST", "/v1/beneficiaries", dto), as: BeneficiaryDTO.self)
    }

    func deleteBeneficiary(id: String) async throws(BankingError) {
        try await client.send(HTTPRequestData(method: "DELETE", path: "/v1/beneficiaries/\(Endpoint.segment(id))"))
    }

    func submitTransfer(_ dto: TransferRequestDTO, idempotencyKey: String) async throws(BankingError) -> TransferDTO {
        try await client.send(Endpoint.json("POST", "/v1/transfers", dto, headers: ["Idempotency-Key": idempotencyKey]), as: TransferDTO.self)
    }

    func transfer(id: String) async throws(BankingError) -> TransferDTO {
        try await client.send(Endpoint.get("/v1/transfers/\(Endpoint.segment(id))"), as: TransferDTO.self)
    }

    func tickets() async throws(BankingError) -> ListDTO<SupportTicketDTO> {
        try await client.send(Endpoint.get("/v1/support/tickets"), as: ListDTO<SupportTicketDTO>.self)
    }

    func createTicket(_ dto: NewSupportTicketDTO) async throws(BankingError) -> SupportTicketDTO {
        try await client.send(Endpoint.json("POST", "/v1/support/tickets", dto), as: SupportTicketDTO.self)
    }

    func status() async throws(BankingError) -> StatusDTO {
        try await client.send(Endpoint.get("/v1/status", requiresAuthentication: false), as: StatusDTO.self)
    }
}
