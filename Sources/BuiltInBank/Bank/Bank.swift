package import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
package import StubEngine

/// The stateful bank behind the stub: tokens, balances, transfers, cards, payees, tickets.
///
/// State is kept per session namespace (`X-Stub-Session`) so concurrent test cases never see
/// each other's balances. Each namespace starts as a copy of the fixtures.
///
/// Every call is synchronous and takes one lock for its whole body (`locked`), so the event loop
/// that read a request can answer it without a hop to a task (`Engine.answer`), and the
/// Hummingbird path pays no actor hop. Each call is a few dictionary reads and writes: no call waits, none calls
/// another call, so the lock is never held long and never taken twice.
package final class Bank: @unchecked Sendable {
    private let lock = NIOLock()
    // Every stored `var` below is read and written only with `lock` held.
    private var fixtures: BankFixtures
    private var ledgers: [String: PersonaLedger] = [:]
    /// Response bodies that depend on the fixtures alone, encoded once per fixture set.
    private var encodedFixtures: [String: [UInt8]] = [:]
    private var tokens = TokenStore()
    private let clock: @Sendable () -> Date
    /// Lifetime of new access tokens, in seconds.
    private var tokenTTL: Int
    private let defaultTokenTTL: Int
    /// The maintenance window `GET /v1/status` reports, set by a scenario.
    private var maintenance: MaintenanceWindow?

    /// - Parameters:
    ///   - fixtures: the loaded stubs
    ///   - tokenTTL: access-token lifetime in seconds
    ///   - clock: the time source, injected so tests control expiry
    ///   - settings: the starting scenario's settings, if any
    package init(fixtures: BankFixtures, tokenTTL: Int = 900, settings: ScenarioSettings? = nil,
                clock: @escaping @Sendable () -> Date = Date.init) {
        self.fixtures = fixtures
        self.tokenTTL = settings?.tokenTTLSeconds ?? tokenTTL
        self.defaultTokenTTL = tokenTTL
        self.maintenance = settings?.maintenance
        self.clock = clock
    }

    /// Applies a scenario's settings (nil restores defaults): the token lifetime and the
    /// maintenance window.
    package func apply(settings: ScenarioSettings?) {
        locked {
            tokenTTL = settings?.tokenTTLSeconds ?? defaultTokenTTL
            maintenance = settings?.maintenance
        }
    }

    /// Health as `GET /v1/status` reports it: "maintenance" while a scenario's window is set.
    package func status() -> WireStatus {
        let maintenance = locked { self.maintenance }
        return WireStatus(status: maintenance == nil ? "ok" : "maintenance", message: maintenance?.message,
                          retryAfterSeconds: maintenance?.retryAfterSeconds,
                          serverTime: UTCTimestamp.dateTime(now), apiVersion: Bank.apiVersion)
    }

    /// Replaces the fixtures (after a reload) and drops every session's state.
    package func replaceFixtures(_ fixtures: BankFixtures) {
        locked {
            self.fixtures = fixtures
            ledgers.removeAll()
            encodedFixtures.removeAll()
        }
    }

    /// Restores fixtures for one session namespace, or for all when nil; tokens are revoked too.
    /// Returns how many customers' state went back to the fixtures and how many tokens were revoked.
    @discardableResult
    package func reset(session: String?) -> (customers: Int, tokens: Int) {
        locked {
            let before = ledgers.count
            if let session {
                ledgers = ledgers.filter { !$0.key.hasPrefix(session + "\u{1}") }
            } else {
                ledgers.removeAll()
            }
            return (before - ledgers.count, tokens.revokeAll(session: session))
        }
    }

    /// Lets every live access token of a session (or of all when nil) run out now, so the next
    /// call meets 401 and the client must refresh. Returns how many expired.
    package func expireAccessTokens(session: String?) -> Int {
        let now = now
        return locked { tokens.expireAccess(session: session, now: now) }
    }

    package var now: Date { clock() }

    /// Runs `body` with the lock held. Only the entry points call it, once each.
    private func locked<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Auth

    /// Password grant. `error_<CODE>` passwords force that error.
    package func login(username: String, password: String, session: String) throws(APIError) -> WireToken {
        if password.hasPrefix("error_") {
            let code = String(password.dropFirst("error_".count))
            let status = Int(code) ?? ErrorCatalogue.codes[code.uppercased()]
            guard let status, (400...599).contains(status) else {
                let known = ErrorCatalogue.codes.keys.sorted().joined(separator: ", ")
                throw APIError.businessRule("unknown_forced_error",
                                            "Unknown forced error \(code). Known codes: \(known), or an HTTP status such as error_503.",
                                            display: "The username or password is incorrect.", path: "password")
            }
            throw ErrorCatalogue.error(forStatus: status, code: Int(code) == nil ? code.lowercased() : nil)
        }
        let now = now
        return try locked { () throws(APIError) in
            guard let persona = fixtures.personas[username], persona.config.password == password else {
                throw APIError(status: .unauthorized, type: "authentication", code: "invalid_credentials",
                               message: "Unknown username or wrong password.",
                               displayMessage: "The username or password is incorrect.",
                               headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
            }
            if persona.config.state == "locked" {
                throw APIError(status: HTTPResponse.Status(code: 423), type: "locked", code: "account_locked",
                               message: "Sign-in is locked for this customer after too many attempts.",
                               displayMessage: "Your access is locked. Please call us to unlock it.")
            }
            return tokens.issue(for: Principal(username: username, session: session), now: now, ttl: tokenTTL)
        }
    }

    /// Refresh grant in `session`: rotates the refresh token within its family. Reuse of a spent
    /// token revokes the family.
    package func refresh(refreshToken: String, session: String) throws(APIError) -> WireToken {
        let now = now
        return try locked { () throws(APIError) in
            let (principal, family) = try tokens.redeem(refreshToken: refreshToken, session: session)
            return tokens.issue(for: principal, now: now, ttl: tokenTTL, family: family)
        }
    }

    /// The principal behind a bearer token issued in `session`, or 401: a token never acts on
    /// another session's state.
    package func authenticate(accessToken: String?, session: String) throws(APIError) -> Principal {
        guard let accessToken else { throw APIError.invalidToken }
        let now = now
        guard let principal = locked({ tokens.principal(forAccessToken: accessToken, session: session, now: now) }) else {
            throw APIError.invalidToken
        }
        return principal
    }

    package func logout(accessToken: String, session: String) {
        locked { tokens.revoke(accessToken: accessToken, session: session) }
    }

    // MARK: Reads

    private func key(_ principal: Principal) -> String { principal.session + "\u{1}" + principal.username }

    /// Runs `body` on the principal's ledger with the lock held, creating the ledger from
    /// fixtures on first use, and forgets the ledger's encoded reads: `body` may change it.
    /// `body` must not call back into the bank.
    package func withLedger<T>(_ principal: Principal, _ body: (inout PersonaLedger) throws(APIError) -> T) throws(APIError) -> T {
        let key = key(principal)
        return try locked { () throws(APIError) in
            try ensureLedger(key, principal)
            defer { ledgers[key]!.encodedReads.removeAll() }
            return try body(&ledgers[key]!)
        }
    }

    /// Runs `body` on the principal's ledger with the lock held, without changing it.
    package func readLedger<T>(_ principal: Principal, _ body: (PersonaLedger) throws(APIError) -> T) throws(APIError) -> T {
        let key = key(principal)
        return try locked { () throws(APIError) in
            try ensureLedger(key, principal)
            return try body(ledgers[key]!)
        }
    }

    /// The JSON body of a read that depends on the principal's ledger alone (accounts, cards,
    /// payees, tickets, the profile), encoded on first use and kept until a call changes that
    /// ledger, so a hot GET skips the JSON encoder. A read that throws keeps nothing.
    package func encodedRead(_ principal: Principal, _ name: String,
                     _ read: (PersonaLedger) throws(APIError) -> some Encodable) throws(APIError) -> [UInt8] {
        let key = key(principal)
        return try locked { () throws(APIError) in
            try ensureLedger(key, principal)
            if let body = ledgers[key]!.encodedReads[name] { return body }
            let body = WireJSON.encode(try read(ledgers[key]!))
            ledgers[key]!.encodedReads[name] = body
            return body
        }
    }

    /// Creates the principal's ledger from fixtures on first use; call with the lock held.
    private func ensureLedger(_ key: String, _ principal: Principal) throws(APIError) {
        guard ledgers[key] == nil else { return }
        guard let fixture = fixtures.personas[principal.username] else { throw APIError.invalidToken }
        ledgers[key] = PersonaLedger(fixture: fixture)
    }

    package func balances(_ principal: Principal, accountId: String) throws(APIError) -> WireBalances {
        let timestamp = UTCTimestamp.dateTime(now)
        return try readLedger(principal) { ledger throws(APIError) in
            let account = ledger.accounts[try ledger.accountIndex(accountId)]
            let entries = ledger.transactions.filter { $0.accountId == accountId }
            // A pending entry that a booked one has settled no longer counts as pending.
            let settled = Set(entries.compactMap(\.pendingTransactionId))
            let pending = entries
                .filter { $0.status == "pending" && !settled.contains($0.id) }
                .reduce(Decimal(0)) { $0 + ($1.amount.decimal ?? 0) }
            return WireBalances(accountId: accountId, booked: account.balance, available: account.availableBalance,
                                pending: WireMoney(pending, currency: account.currency),
                                creditLimit: account.creditLimit, asOf: timestamp)
        }
    }

    package func transactions(_ principal: Principal, accountId: String, query: TransactionQuery) throws(APIError) -> WireList<WireTransaction> {
        try readLedger(principal) { ledger throws(APIError) in
            _ = try ledger.accountIndex(accountId)
            var page: [WireTransaction] = []
            page.reserveCapacity(query.limit + 1)
            for transaction in ledger.transactions where transaction.accountId == accountId {
                if let after = query.after {
                    let isAfter = transaction.createdAt != after.createdAt ? transaction.createdAt < after.createdAt : transaction.id < after.id
                    if !isAfter { continue }
                }
                if let status = query.status, transaction.status != status { continue }
                if let from = query.from, transaction.valueDate < from { continue }
                if let to = query.to, transaction.valueDate > to { continue }
                page.append(transaction)
                if page.count > query.limit { break }
            }
            var next: String?
            if page.count > query.limit {
                page.removeLast()
                next = page.last.map(TransactionQuery.cursor(after:))
            }
            return WireList(data: page, nextCursor: next)
        }
    }

    package func atms() -> [WireATM] { locked { fixtures.atms } }

    /// The body `encode` makes from the fixtures, built on first use and kept until a reload.
    /// For answers no session can change (the ATM list), so a hot GET skips the JSON encoder.
    package func encodedFixture(_ key: String, _ encode: @Sendable (BankFixtures) -> [UInt8]) -> [UInt8] {
        locked {
            if let body = encodedFixtures[key] { return body }
            let body = encode(fixtures)
            encodedFixtures[key] = body
            return body
        }
    }

    /// Freezes or unfreezes a card; 409 when it is already in that state.
    package func setCard(_ principal: Principal, id: String, frozen: Bool) throws(APIError) -> WireCard {
        try withLedger(principal) { ledger throws(APIError) in
            guard let index = ledger.cards.firstIndex(where: { $0.id == id }) else { throw APIError.notFound("Card \(id)") }
            let target = frozen ? "frozen" : "active"
            if ledger.cards[index].status == target {
                throw frozen
                    ? APIError.conflict("card_already_frozen", "Card \(id) is already frozen.", display: "This card is already frozen.")
                    : APIError.conflict("card_not_frozen", "Card \(id) is not frozen.", display: "This card is already active.")
            }
            ledger.cards[index].status = target
            return ledger.cards[index]
        }
    }

    package func addBeneficiary(_ principal: Principal, _ request: WireNewBeneficiary) throws(APIError) -> WireBeneficiary {
        let timestamp = UTCTimestamp.dateTime(now)
        return try withLedger(principal) { ledger throws(APIError) in
            let iban = IBAN.normalised(request.iban)
            if ledger.beneficiaries.contains(where: { IBAN.normalised($0.iban) == iban }) {
                throw APIError.conflict("beneficiary_exists", "A beneficiary with IBAN \(iban) already exists.",
                                        display: "You have already saved this payee.")
            }
            let beneficiary = WireBeneficiary(id: ledger.nextId("ben"), name: request.name, iban: iban,
                                              bankName: nil, reference: request.reference, createdAt: timestamp)
            ledger.beneficiaries.append(beneficiary)
            return beneficiary
        }
    }

    package func deleteBeneficiary(_ principal: Principal, id: String) throws(APIError) {
        try withLedger(principal) { ledger throws(APIError) in
            guard let index = ledger.beneficiaries.firstIndex(where: { $0.id == id }) else { throw APIError.notFound("Beneficiary \(id)") }
            ledger.beneficiaries.remove(at: index)
        }
    }

    package func createTicket(_ principal: Principal, _ request: WireNewSupportTicket) throws(APIError) -> WireSupportTicket {
        let timestamp = UTCTimestamp.dateTime(now)
        return try withLedger(principal) { ledger in
            let ticket = WireSupportTicket(id: ledger.nextId("tkt"), subject: request.subject, message: request.message,
                                           category: request.category ?? "general", status: "open", createdAt: timestamp)
            ledger.tickets.insert(ticket, at: 0)
            return ticket
        }
    }

    package func transfer(_ principal: Principal, id: String) throws(APIError) -> WireTransfer {
        try readLedger(principal) { ledger throws(APIError) in
            guard let transfer = ledger.transfers[id] else { throw APIError.notFound("Transfer \(id)") }
            return transfer
        }
    }
}
