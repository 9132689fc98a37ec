import BankingData
import BankingDomain
import BankingPresentation
import Foundation
import HummingbirdTesting
import Logging
import Testing
import StubServer

/// The real client core (URLSession transport, middleware, repositories, presenters) against
/// the real stub on an ephemeral loopback port. They share no types: only the contract.
@Suite struct ClientAgainstStubTests {
    static let stubs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Stubs")

    /// The stub's clock, moved by hand so token expiry needs no waiting.
    final class StubClock: @unchecked Sendable {
        private let lock = NSLock()
        private var value = Date()
        var now: Date { lock.lock(); defer { lock.unlock() }; return value }
        func advance(_ seconds: TimeInterval) { lock.lock(); value += seconds; lock.unlock() }
    }

    func withLiveStub(scenario: String? = nil, tokenTTL: Int = 900, clock: StubClock = StubClock(),
                      _ body: @escaping @Sendable (BankingClient, StubBackend) async throws -> Void) async throws {
        var configuration = StubServerConfiguration(stubsDirectory: Self.stubs)
        configuration.port = 0
        configuration.scenario = scenario
        configuration.tokenTTLSeconds = tokenTTL
        var logger = Logger(label: "client-integration")
        logger.logLevel = .critical
        let backend = try StubBackend(configuration: configuration, logger: logger, clock: { clock.now })
        try await StubApplication.make(backend: backend).test(.live) { client in
            let port = try #require(client.port)
            let environment = APIEnvironment.dev.with(baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: 5)
            try await body(await BankingClient.live(environment), backend)
        }
    }

    @Test func signInAndReadEveryArea() async throws {
        try await withLiveStub { client, _ in
            let profile = try await SignIn(auth: client.auth, profiles: client.profile)(username: "alex", password: "pass_good")
            #expect(profile.firstName == "Alex")
            let accounts = try await client.accounts.accounts()
            #expect(accounts.count == 3)
            let balance = try await client.accounts.balance(accountId: "acc_alex_current")
            #expect(balance.pending == Money(Decimal(string: "-101.29")!, .eur))
            let page = try await client.transactions.transactions(accountId: "acc_alex_current", query: TransactionQuery(limit: 5))
            #expect(page.transactions.count == 5 && page.nextCursor != nil)
            let next = try await client.transactions.transactions(accountId: "acc_alex_current", query: TransactionQuery(cursor: page.nextCursor, limit: 5))
            #expect(Set(next.transactions.map(\.id)).isDisjoint(with: page.transactions.map(\.id)))
            #expect(try await client.cards.cards().count == 3)
            #expect(try await client.beneficiaries.beneficiaries().count == 3)
            #expect(try await client.support.tickets().count == 1)
            #expect(try await client.atms.atms(near: (52.52, 13.41), radiusKm: 5).first?.distanceKm != nil)
            #expect(try await client.status.status().isUnderMaintenance == false)
        }
    }

    @Test func transferRetryWithTheSameKeyPaysOnce() async throws {
        try await withLiveStub { client, _ in
            _ = try await client.auth.signIn(username: "alex", password: "pass_good")
            let account = try await client.accounts.account(id: "acc_alex_current")
            let payees = try await client.beneficiaries.beneficiaries()
            let submit = SubmitTransfer(transfers: client.transfers)
            let draft = TransferDraft(fromAccountId: account.id, beneficiaryId: "ben_sam", amount: Money(25, .eur), reference: "Pizza")
            let key = await submit.idempotencyKey(for: draft)
            let first = try await client.transfers.submit(draft, idempotencyKey: key)
            let replay = try await client.transfers.submit(draft, idempotencyKey: key)
            #expect(first == replay)
            let after = try await client.accounts.account(id: account.id)
            #expect(after.availableBalance.amount == account.availableBalance.amount - 25)
            let viaUseCase = try await submit(TransferDraft(fromAccountId: account.id, beneficiaryId: "ben_sam", amount: Money(5, .eur), reference: ""),
                                              from: after, payees: payees)
            #expect(viaUseCase.amount == Money(5, .eur))
        }
    }

    @Test func expiredTokenIsRefreshedSilently() async throws {
        let clock = StubClock()
        try await withLiveStub(tokenTTL: 60, clock: clock) { client, _ in
            _ = try await client.auth.signIn(username: "alex", password: "pass_good")
            let before = await client.vault.current?.accessToken
            clock.advance(61)
            #expect(try await client.profile.profile().username == "alex")
            #expect(await client.vault.current?.accessToken != before)
        }
    }

    @Test func tamperedSignatureIsRefusedAndShownAsUntrusted() async throws {
        try await withLiveStub(scenario: "tampered-signature") { client, _ in
            do {
                _ = try await client.status.status()
                Issue.record("a tampered response was accepted")
            } catch let error as BankingError {
                #expect(ErrorPresenter().alert(for: error)?.kind == .untrustedResponse)
            }
        }
    }

    @Test func offlineAndMaintenanceReachThePresenters() async throws {
        try await withLiveStub(scenario: "offline") { client, _ in
            await #expect(throws: BankingError.connectionLost) { try await client.status.status() }
        }
        try await withLiveStub { client, backend in
            _ = try await client.auth.signIn(username: "alex", password: "pass_good")
            try await backend.activateScenario("maintenance")
            let presenter = await AccountsOverviewPresenter(accounts: client.accounts, environment: .reference)
            await presenter.load()
            let alert = await presenter.state.alert
            #expect(alert?.kind == .maintenance)
            #expect(alert?.message.contains("in 2 minutes") == true)
        }
    }
}
