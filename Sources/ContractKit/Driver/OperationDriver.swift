public import BankingData
import BankingDomain
public import BankingPresentation
public import Foundation

/// Runs one case against a stub: signs in, arranges `given` in the case's own session, performs
/// the operation through the real client core (URLSession transport, middleware, repositories,
/// presenters) and observes every layer.
public struct OperationDriver: Sendable {
    public let baseURL: URL
    public let signingKey: String
    /// Formatting is pinned so presentation text is the same on every machine and day.
    public let environment: PresentationEnvironment
    /// Middleware placed between the data layer and the recorded transport. Empty in real
    /// runs; the harness's self-tests plant a lying client here to prove failures are caught.
    public let plantedMiddleware: [any ClientMiddleware]
    let admin: AdminClient

    public init(baseURL: URL, signingKey: String = APIEnvironment.dev.signingKey,
                environment: PresentationEnvironment = OperationDriver.pinnedEnvironment,
                plantedMiddleware: [any ClientMiddleware] = []) {
        self.baseURL = baseURL
        self.signingKey = signingKey
        self.environment = environment
        self.plantedMiddleware = plantedMiddleware
        self.admin = AdminClient(baseURL: baseURL)
    }

    /// The client timeout when a case sets none: roomy, so a busy CI machine is not a timeout.
    public static let defaultTimeout: TimeInterval = 15

    /// Loopback port 1: nothing listens there, so connections are refused at once.
    static let unreachable = URL(string: "http://127.0.0.1:1")!

    /// en_GB in London on 2026-11-20 at noon: the day the fixtures were written.
    public static let pinnedEnvironment = PresentationEnvironment(
        locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Europe/London")!,
        now: { Date(timeIntervalSince1970: 1_795_176_000) })

    /// Why a case could not be run at all (as opposed to failing its expectations).
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    public func observe(_ contractCase: ContractCase, session: String) async throws -> Observation {
        guard let operation = Operation(rawValue: contractCase.when) else { throw SetupError(description: "unknown operation \(contractCase.when)") }
        let recorder = ExchangeRecorder()
        let vault = TokenVault()
        if operation.needsSession {
            guard let persona = contractCase.persona else { throw SetupError(description: "\(operation.rawValue) needs a persona") }
            // Setup runs with a generous timeout of its own: a case's short timeout is for its operation.
            let setup = await BankingClient(transport: URLSessionTransport(baseURL: baseURL, timeout: 15), signingKey: signingKey,
                                            vault: vault, extraMiddleware: [CaseMiddleware(recorder: ExchangeRecorder(), session: session)])
            do { _ = try await setup.auth.signIn(username: persona, password: "pass_good") } catch {
                throw SetupError(description: "signing in as \(persona) failed: \(error.debugDescription)")
            }
        }
        let offline = contractCase.given?.contains { $0.offline == true } ?? false
        let transport = URLSessionTransport(baseURL: offline ? Self.unreachable : baseURL,
                                            timeout: contractCase.timeoutSeconds ?? Self.defaultTimeout)
        let client = await BankingClient(transport: transport, signingKey: signingKey, vault: vault,
                                         extraMiddleware: plantedMiddleware + [CaseMiddleware(recorder: recorder, session: session)])
        for given in contractCase.given ?? [] {
            if let behaviour = given.behaviour { try await admin.install(behaviour, session: session) }
        }
        let probe = DomainProbe()
        let arguments = CaseArguments(values: contractCase.with ?? [:])
        let presentation = await perform(operation, persona: contractCase.persona, arguments: arguments, client: client, probe: probe)
        return Observation(data: DataObservation(exchanges: await recorder.exchanges),
                           domain: await probe.observation, presentation: presentation)
    }

    @MainActor
    private func perform(_ operation: Operation, persona: String?, arguments: CaseArguments, client: BankingClient,
                         probe: DomainProbe) async -> PresentationObservation {
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
            return PresentationObservation(state: signedOut ? "signedOut" : "signedIn", alert: nil, actions: nil, text: [])
        case .accountsList:
            let presenter = AccountsOverviewPresenter(accounts: accounts, environment: environment)
            await presenter.load()
            return Rendering.state(presenter.state) { rows in rows.flatMap { [$0.name, $0.balance] } }
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
            return Rendering.state(presenter.state) { detail in
                detail.sections.flatMap { [$0.title] + $0.rows.map { "\($0.title) \($0.amount)\($0.badge.map { " \($0)" } ?? "")" } }
            }
        case .atmsList:
            let presenter = ATMsPresenter(atms: ProbedATMs(base: client.atms, probe: probe), environment: environment)
            await presenter.load(latitude: arguments.double("lat"), longitude: arguments.double("lon"), radiusKm: arguments.double("radiusKm"))
            return Rendering.state(presenter.state) { rows in rows.map { "\($0.name)\($0.distance.map { " \($0)" } ?? "")" } }
        case .cardsList:
            let presenter = CardsPresenter(cards: ProbedCards(base: client.cards, probe: probe))
            await presenter.load()
            return Rendering.state(presenter.state) { rows in rows.map { "\($0.title) \($0.toggleTitle)" } }
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
            return await transfer(retry: operation == .transfersRetry, arguments: arguments, client: client, probe: probe)
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
    @MainActor
    private func transfer(retry: Bool, arguments: CaseArguments, client: BankingClient, probe: DomainProbe) async -> PresentationObservation {
        let accounts: [Account]
        let payees: [Beneficiary]
        do {
            accounts = try await client.accounts.accounts()
            payees = try await client.beneficiaries.beneficiaries()
        } catch {
            await probe.failed(error)
            return Rendering.alert(error)
        }
        let form = TransferFormPresenter(accounts: accounts, payees: payees,
                                         submit: SubmitTransfer(transfers: ProbedTransfers(base: client.transfers, probe: probe)),
                                         environment: environment)
        form.fromAccountId = arguments["fromAccountId"] ?? accounts.first?.id
        form.beneficiaryId = arguments["beneficiaryId"]
        form.amountText = arguments.string("amount", default: "")
        form.reference = arguments.string("reference", default: "")
        await form.submit()
        if retry { await form.submit() }
        return Rendering.transferForm(form)
    }

    /// Operations without a screen of their own: content, or the ErrorPresenter's alert.
    @MainActor
    private func generic(_ probe: DomainProbe, _ body: () async throws(BankingError) -> String) async -> PresentationObservation {
        do {
            let text = try await body()
            await probe.succeeded(count: nil)
            return PresentationObservation(state: "content", alert: nil, actions: nil, text: [text])
        } catch {
            await probe.failed(error)
            return Rendering.alert(error)
        }
    }
}
