import BankingDomain
import BankingPresentation
import Foundation
import Testing

@MainActor
@Suite struct PresenterTests {
    @Test func accountsOverviewStates() async {
        let presenter = AccountsOverviewPresenter(accounts: FakeAccounts(), environment: Fixtures.environment)
        #expect(presenter.state == .loading)
        await presenter.load()
        #expect(presenter.state.content?.first?.balance == "€2,450.75")
        #expect(presenter.state.content?.first?.maskedIBAN == "•••• 3000")
        let empty = AccountsOverviewPresenter(accounts: FakeAccounts(list: { [] }), environment: Fixtures.environment)
        await empty.load()
        #expect(empty.state.name == "empty")
        let offline = AccountsOverviewPresenter(accounts: FakeAccounts.failing(.offline), environment: Fixtures.environment)
        await offline.load()
        #expect(offline.state.alert?.kind == .offline)
    }

    @Test func accountDetailGroupsByDayAndMarksPending() async throws {
        let transactions = FakeTransactions { _ in
            TransactionPage(transactions: [
                Fixtures.entry("p1", .pending, "-42.50", at: "2026-11-20T10:00:00Z", merchant: "Rewe"),
                Fixtures.entry("b1", .booked, "-12.40", at: "2026-11-19T16:05:00Z", booking: "2026-11-19", settles: "p0"),
                Fixtures.entry("p0", .pending, "-12.40", at: "2026-11-19T09:30:00Z"),
                Fixtures.entry("r1", .rejected, "-899.00", at: "2026-11-18T21:14:00Z"),
            ], nextCursor: "next")
        }
        let presenter = AccountDetailPresenter(accountId: "acc", accounts: FakeAccounts(), transactions: transactions,
                                               environment: Fixtures.environment)
        await presenter.load()
        let detail = try #require(presenter.state.content)
        #expect(detail.sections.map(\.title).prefix(2) == ["Today", "Yesterday"])
        #expect(detail.sections.first?.rows.first?.badge == "Pending")
        #expect(detail.sections.first?.rows.first?.title == "Rewe")
        #expect(detail.sections[1].rows.map(\.id) == ["b1"])
        #expect(detail.sections.last?.rows.first?.badge == "Declined")
        #expect(detail.canLoadMore == true)
        #expect(detail.pending == "-€79.49")
    }

    @Test func freezingAFrozenCardShowsAlreadyDoneAndKeepsTheList() async {
        let card = Card(id: "c1", accountId: "acc", kind: .debit, brand: "visa", last4: "4242", holderName: "A", expiry: "2029-08", status: .active)
        let cards = FakeCards(list: [card]) { (_: String, _: Bool) throws(BankingError) -> Card in throw .conflict(code: "card_already_frozen") }
        let presenter = CardsPresenter(cards: cards)
        await presenter.load()
        await presenter.toggleFreeze(cardId: "c1")
        #expect(presenter.alert?.kind == .alreadyDone)
        #expect(presenter.state.content?.first?.toggleTitle == "Freeze card")
        let working = CardsPresenter(cards: FakeCards(list: [card]) { id, frozen in
            Card(id: id, accountId: "acc", kind: .debit, brand: "visa", last4: "4242", holderName: "A", expiry: "2029-08",
                 status: frozen ? .frozen : .active)
        })
        await working.load()
        await working.toggleFreeze(cardId: "c1")
        #expect(working.state.content?.first?.isFrozen == true)
        #expect(working.state.content?.first?.toggleTitle == "Unfreeze card")
    }

    @Test func transferFormValidatesFieldsInTheCustomersWords() {
        let form = TransferFormPresenter(accounts: [Fixtures.current], payees: [Fixtures.sam],
                                         submit: SubmitTransfer(transfers: FakeTransfers { _, _ throws(BankingError) in throw .timeout }),
                                         environment: Fixtures.environment)
        #expect(form.validate() == nil)
        #expect(form.fieldErrors[.beneficiary] == "Choose who to pay.")
        #expect(form.fieldErrors[.amount] == "Enter an amount.")
        form.beneficiaryId = "ben_sam"
        form.amountText = "0"
        _ = form.validate()
        #expect(form.fieldErrors[.amount] == "Enter an amount greater than zero.")
        form.amountText = "150.00"
        _ = form.validate()
        #expect(form.fieldErrors[.amount] == "You can send up to €100.00 from this account.")
        form.amountText = "12.345"
        _ = form.validate()
        #expect(form.fieldErrors[.amount]?.hasPrefix("Enter an amount like") == true)
        form.amountText = "12.50"
        #expect(form.validate()?.amount == Money(Decimal(string: "12.50")!, .eur))
    }

    @Test func transferFormReadsGermanAmounts() {
        let german = PresentationEnvironment(locale: Locale(identifier: "de_DE"), timeZone: .gmt)
        let form = TransferFormPresenter(accounts: [Fixtures.current], payees: [Fixtures.sam],
                                         submit: SubmitTransfer(transfers: FakeTransfers { _, _ throws(BankingError) in throw .timeout }),
                                         environment: german)
        form.beneficiaryId = "ben_sam"
        form.amountText = "12,50"
        #expect(form.validate()?.amount.amount == Decimal(string: "12.50"))
    }

    @Test func transferSubmitShowsTheResultOrTheAlert() async {
        let form = TransferFormPresenter(accounts: [Fixtures.current], payees: [Fixtures.sam],
                                         submit: SubmitTransfer(transfers: FakeTransfers { draft, _ in
                                             Transfer(id: "trf_1", status: .pending, fromAccountId: draft.fromAccountId, beneficiaryId: draft.beneficiaryId,
                                                      amount: draft.amount, reference: draft.reference, createdAt: Date(), transactionId: "t")
                                         }), environment: Fixtures.environment)
        form.beneficiaryId = "ben_sam"
        form.amountText = "25"
        await form.submit()
        #expect(form.status == .succeeded(TransferReceipt(transferId: "trf_1", amount: "€25.00", payee: "Sam Taylor", reference: "")))
        let failing = TransferFormPresenter(accounts: [Fixtures.current], payees: [Fixtures.sam],
                                            submit: SubmitTransfer(transfers: FakeTransfers { _, _ throws(BankingError) in throw .businessRule(.dailyLimitExceeded) }),
                                            environment: Fixtures.environment)
        failing.beneficiaryId = "ben_sam"
        failing.amountText = "25"
        await failing.submit()
        guard case .failed(let alert) = failing.status else { Issue.record("expected failure"); return }
        #expect(alert.kind == .dailyLimitExceeded)
    }

    @Test func loginFlowAndSessionExpiry() async {
        let session = Session(accessToken: "a", refreshToken: "r", expiresAt: .distantFuture)
        let login = LoginPresenter(signIn: SignIn(auth: FakeAuth { session }, profiles: FakeProfile()))
        await login.signIn(username: "", password: "")
        #expect(login.fieldErrors[.username] == "Enter your username.")
        #expect(login.fieldErrors[.password] == "Enter your password.")
        await login.signIn(username: "alex", password: "pass_good")
        #expect(login.status == .signedIn(greeting: "Hello, Alex"))
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        continuation.yield()
        continuation.finish()
        await login.watch(stream)
        #expect(login.status == .signedOut(notice: "Your session has expired. Please sign in again."))
        let locked = LoginPresenter(signIn: SignIn(auth: FakeAuth { () throws(BankingError) in throw .accountLocked }, profiles: FakeProfile()))
        await locked.signIn(username: "locked", password: "pass_good")
        guard case .failed(let alert) = locked.status else { Issue.record("expected failure"); return }
        #expect(alert.kind == .accountLocked)
    }
}
