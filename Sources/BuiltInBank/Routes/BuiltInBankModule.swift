public import StubEngine

extension BankModule {
    /// The built-in bank of `../shared/DESIGN.md`: personas (`alex`, `empty`, `overdrawn`,
    /// `busy`, `locked`), accounts, transactions, cards, beneficiaries, transfers with
    /// idempotency, tokens that rotate and expire, read from the stubs folder's `personas/` and
    /// `atms.json`. Served after the route files, unless `stubbank.yaml` says `bank: false`.
    public static let builtIn = BankModule(
        load: { root, problems in BankFixtureLoader(root: root).load(problems: &problems) },
        start: { fixtures, start in
            HostedBuiltInBank(bank: Bank(fixtures: fixtures as? BankFixtures ?? BankFixtures(), tokenTTL: start.tokenTTLSeconds,
                                         settings: start.settings, clock: start.clock))
        }
    )
}

extension BankFixtures: HostedBankFixtures {
    package var personaNames: [String] { personas.keys.sorted() }
}

/// The bank and its route table, as the stub hosts them.
package struct HostedBuiltInBank: HostedBank {
    package let bank: Bank
    package let table = RouteTable(routes: BankAPI.routes())

    package var source: any RouteSource { BankRouteSource(table: table, bank: bank) }

    package var listing: [(pattern: String, operationId: String, summary: String, auth: Bool)] {
        table.routes.map { ($0.pattern.description, $0.operationId, $0.summary, $0.requiresAuth) }
    }

    package func reset(session: String?) -> (customers: Int, tokens: Int) { bank.reset(session: session) }
    package func expireAccessTokens(session: String?) -> Int { bank.expireAccessTokens(session: session) }
    package func apply(settings: ScenarioSettings?) { bank.apply(settings: settings) }
    package func replaceFixtures(_ fixtures: any HostedBankFixtures) {
        guard let fixtures = fixtures as? BankFixtures else { return }
        bank.replaceFixtures(fixtures)
    }
}
