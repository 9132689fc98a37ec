public import BankingData
import BankingDomain
public import BankingPresentation
public import ContractKit
import Foundation

/// The reference client core (`BankingData`, `BankingDomain`, `BankingPresentation`) as a
/// ContractKit client: one registered operation per entry of `ReferenceOperation`, each signing in as the
/// case's persona in its setup and then driving the real repositories and presenters over
/// URLSession. It uses only ContractKit's public driver API, as a team's own client would.
public struct ReferenceClient: Sendable {
    /// The name runs are recorded under.
    public static let name = "reference"

    /// The key the stub signs responses with.
    public let signingKey: String
    /// Formatting is pinned so presentation text is the same on every machine and day.
    public let environment: PresentationEnvironment
    /// Middleware placed between the data layer and the transport. Empty in real runs; the
    /// harness's self-tests plant a lying client here to prove failures are caught.
    public let plantedMiddleware: [any ClientMiddleware]

    /// The reference client with the dev signing key and the pinned environment.
    public init(signingKey: String = APIEnvironment.dev.signingKey,
                environment: PresentationEnvironment = ReferenceClient.pinnedEnvironment,
                plantedMiddleware: [any ClientMiddleware] = []) {
        self.signingKey = signingKey
        self.environment = environment
        self.plantedMiddleware = plantedMiddleware
    }

    /// en_GB in London on 2026-11-20 at noon UTC: the day the fixtures were written.
    public static let pinnedEnvironment = PresentationEnvironment(
        locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Europe/London")!,
        now: { Date(timeIntervalSince1970: 1_795_176_000) })

    /// The zones every presentation case runs in: London (UTC+0 in November, which hides
    /// UTC-versus-local mistakes) and Auckland (UTC+13, where the pinned noon UTC is already
    /// 01:00 the next day, so an entry's day and "Today" both depend on getting the zone right).
    public static let zones = ["Europe/London", "Pacific/Auckland"]

    /// The client with every operation registered.
    public func contractClient() -> ContractClient {
        let client = ContractClient(name: Self.name, zones: Self.zones)
        for operation in ReferenceOperation.allCases {
            client.register(operation.rawValue, reports: ExpectationKey.standard.union(operation.ownKeys),
                            prepare: { run in try await signIn(for: operation, run) }) { run, vault in
                try await perform(operation, run: run, vault: vault)
            }
        }
        return client
    }

    /// The pinned environment, in the run's zone when it names one.
    func environment(for run: OperationRun) -> PresentationEnvironment {
        guard let zone = run.zone, let timeZone = TimeZone(identifier: zone) else { return environment }
        return PresentationEnvironment(locale: environment.locale, timeZone: timeZone, now: environment.now)
    }

    /// Why setup could not sign in.
    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    /// Signs in as the case's persona when the operation needs a session; the tokens stay in the
    /// vault the operation then uses.
    func signIn(for operation: ReferenceOperation, _ run: OperationRun) async throws -> TokenVault {
        let vault = TokenVault()
        // Every caller of the case shares this vault: one watcher forwards its signal.
        let watcher = Task { for await _ in vault.sessionExpired { run.log.signal("sessionExpired") } }
        run.log.whenFinished { watcher.cancel() }
        guard operation.needsSession else { return vault }
        guard let persona = run.persona else { throw SetupError(description: "\(operation.rawValue) needs a persona") }
        // Setup has a generous timeout of its own: a case's short timeout is for its operation.
        let setup = await BankingClient(transport: URLSessionTransport(baseURL: run.baseURL, timeout: 15), signingKey: signingKey, vault: vault)
        do { _ = try await setup.auth.signIn(username: persona, password: "pass_good") } catch {
            throw SetupError(description: "signing in as \(persona) failed: \(error.debugDescription)")
        }
        return vault
    }

    /// Performs the operation through the client core and reports its domain and presentation.
    func perform(_ operation: ReferenceOperation, run: OperationRun, vault: TokenVault) async throws -> OperationReport {
        let transport = RecordingTransport(base: URLSessionTransport(baseURL: run.baseURL, timeout: run.timeout), log: run.log)
        let client = await BankingClient(transport: transport, signingKey: signingKey, vault: vault, extraMiddleware: plantedMiddleware)
        let probe = DomainProbe()
        let presentation = await perform(operation, persona: run.persona, arguments: CaseArguments(values: run.arguments), client: client,
                                         probe: probe, environment: environment(for: run))
        return OperationReport(domain: await probe.report, presentation: presentation)
    }

    @MainActor
    private func perform(_ operation: ReferenceOperation, persona: String?, arguments: CaseArguments, client: BankingClient,
                         probe: DomainProbe, environment: PresentationEnvironment) async -> PresentationReport {
        let accounts = ProbedAccounts(base: client.accounts, probe: probe)
        switch operation {
        case .authLogin:
            let login = LoginPresenter(signIn: SignIn(auth: ProbedAuth(base: client.auth, probe: probe),
                                                      profiles: ProbedProfile(base: client.profile, probe: probe)))
            await login.signIn(username: arguments.string("username", default: persona ?? ""),
                               password: arguments.string("password", default: "pass_good"))
            return Rendering.login(login)
        case .authRefresh, .profileGet:
            return await generic(probe) { () throws(BankingError) in try await ProbedProfile(base: client.profile, probe: probe).profile().firstName }
        case .authLogout:
            await client.auth.signOut()
            let signedOut = await client.vault.current == nil
            await probe.succeeded(count: signedOut ? 0 : 1)
            return PresentationReport(state: signedOut ? "signedOut" : "signedIn", alert: nil, actions: nil, text: [])
        case .accountsList:
            let presenter = AccountsOverviewPresenter(accounts: accounts, environment: environment)
            await presenter.load()
            return Rendering.list(presenter.state, row: { account in
                ScreenRow(account.name, value: account.balance, accessibility: account.accessibilityLabel,
                          flags: [account.isOverdrawn ? "overdrawn" : nil], attributes: ["account": account.maskedIBAN])
            }) { [$0.name, $0.balance] }
        case .accountsGet:
            let id = arguments.string("accountId", default: "")
            return await generic(probe) { () throws(BankingError) in try await accounts.account(id: id).name }
        case .balancesGet:
            let id = arguments.string("accountId", default: "")
            let money = MoneyFormatter(locale: environment.locale)
            return await generic(probe) { () throws(BankingError) in money.string(try await accounts.balance(accountId: id).available) }
        case .transactionsList:
            let presenter = AccountDetailPresenter(accountId: arguments.string("accountId", default: ""), accounts: accounts,
                                                   transactions: ProbedTransactions(base: client.transactions, probe: probe),
                                                   environment: environment, pageSize: Int(arguments.string("limit", default: "50")) ?? 50)
            await presenter.load()
            // `pages: N` scrolls to the end N - 1 times, as a customer loading older entries.
            for _ in 1..<max(1, Int(arguments.string("pages", default: "1")) ?? 1) { await presenter.loadMore() }
            return Rendering.accountDetail(presenter.state)
        case .atmsList:
            let presenter = ATMsPresenter(atms: ProbedATMs(base: client.atms, probe: probe), environment: environment)
            await presenter.load(latitude: arguments.double("lat"), longitude: arguments.double("lon"), radiusKm: arguments.double("radiusKm"))
            let row = { (atm: ATMRow) in ScreenRow(atm.name, value: atm.distance, accessibility: atm.accessibilityLabel,
                attributes: ["address": atm.address]) }
            return Rendering.list(presenter.state, row: row) { ["\($0.name)\($0.distance.map { " \($0)" } ?? "")"] }
        case .cardsList:
            let presenter = CardsPresenter(cards: ProbedCards(base: client.cards, probe: probe))
            await presenter.load()
            let row = { (card: CardRow) in
                ScreenRow(card.title, accessibility: card.accessibilityLabel, flags: [card.isFrozen ? "frozen" : nil],
                    attributes: ["toggle": card.toggleTitle])
            }
            return Rendering.list(presenter.state, row: row) { ["\($0.title) \($0.toggleTitle)"] }
        case .cardsFreeze, .cardsUnfreeze:
            let cards = ProbedCards(base: client.cards, probe: probe)
            let id = arguments.string("cardId", default: "")
            let freeze = operation == .cardsFreeze
            return await generic(probe) { () throws(BankingError) in
                let card = freeze ? try await cards.freeze(cardId: id) : try await cards.unfreeze(cardId: id)
                return card.isFrozen ? "frozen" : "active"
            }
        case .beneficiariesList, .beneficiariesAdd, .beneficiariesDelete:
            let presenter = BeneficiariesPresenter(beneficiaries: ProbedBeneficiaries(base: client.beneficiaries, probe: probe))
            await presenter.load()
            if operation == .beneficiariesAdd {
                await presenter.add(name: arguments.string("name", default: ""), iban: arguments.string("iban", default: ""),
                                    reference: arguments["reference"])
            } else if operation == .beneficiariesDelete {
                await presenter.delete(id: arguments.string("beneficiaryId", default: ""))
            }
            return Rendering.beneficiaries(presenter)
        case .transfersSubmit, .transfersRetry:
            return await transfer(retry: operation == .transfersRetry, arguments: arguments, client: client, probe: probe,
                                  environment: environment)
        case .supportTicketsCreate:
            let presenter = SupportTicketsPresenter(support: ProbedSupport(base: client.support, probe: probe))
            let category = SupportTicket.Category(rawValue: arguments.string("category", default: "general")) ?? .general
            await presenter.create(subject: arguments.string("subject", default: ""), message: arguments.string("message", default: ""),
                                   category: category)
            return Rendering.tickets(presenter)
        case .statusGet:
            return await generic(probe) { () throws(BankingError) in
                let status = try await client.status.status()
                return status.isUnderMaintenance ? "maintenance" : "ok"
            }
        }
    }

    /// Transfer form on real accounts and payees; `retry` submits the same form a second time.
    ///
    /// Arguments beyond the form's fields:
    /// - `clientChecks: off` lets the form believe every account can cover the amount, so the
    ///   bank's own funds and limit rules answer and the client's mapping of them is exercised;
    /// - `idempotencyKey` pins the key the use case makes (as a client that reuses a key would);
    /// - `retryAmount` changes the amount before the second submit of `transfers.retry`.
    @MainActor
    private func transfer(retry: Bool, arguments: CaseArguments, client: BankingClient, probe: DomainProbe,
                          environment: PresentationEnvironment) async -> PresentationReport {
        var accounts: [Account]
        let payees: [Beneficiary]
        do {
            accounts = try await client.accounts.accounts()
            payees = try await client.beneficiaries.beneficiaries()
        } catch {
            await probe.failed(error)
            return Rendering.alert(error)
        }
        if arguments["clientChecks"] == "off" { accounts = accounts.map(Self.unlimited) }
        let pinnedKey = arguments["idempotencyKey"]
        let submit = pinnedKey.map { key in SubmitTransfer(transfers: ProbedTransfers(base: client.transfers, probe: probe), makeKey: { key }) }
            ?? SubmitTransfer(transfers: ProbedTransfers(base: client.transfers, probe: probe))
        let form = TransferFormPresenter(accounts: accounts, payees: payees, submit: submit, environment: environment)
        form.fromAccountId = arguments["fromAccountId"] ?? accounts.first?.id
        form.beneficiaryId = arguments["beneficiaryId"]
        form.amountText = arguments.string("amount", default: "")
        form.reference = arguments.string("reference", default: "")
        await form.submit()
        if retry {
            if let amount = arguments["retryAmount"] { form.amountText = amount }
            await form.submit()
        }
        return Rendering.transferForm(form)
    }

    /// The account as the form would see it if its available balance had no end: the client's
    /// own funds check then passes, and the bank's rules decide.
    static func unlimited(_ account: Account) -> Account {
        let plenty = Money(Decimal(string: "999999999")!, account.currency)
        return Account(id: account.id, name: account.name, kind: account.kind, iban: account.iban, currency: account.currency,
                       balance: account.balance, availableBalance: plenty, creditLimit: account.creditLimit, isActive: account.isActive)
    }

    /// Operations without a screen of their own: content, or the ErrorPresenter's alert.
    @MainActor
    private func generic(_ probe: DomainProbe, _ body: () async throws(BankingError) -> String) async -> PresentationReport {
        do {
            let text = try await body()
            await probe.succeeded(count: nil)
            return PresentationReport(state: "content", alert: nil, actions: nil, text: [text])
        } catch {
            await probe.failed(error)
            return Rendering.alert(error)
        }
    }
}
