public import StubEngine

/// The loaded contents of a stubs directory.
public struct FixtureSet: Sendable {
    /// The built-in bank's personas and ATMs, read by its module; nil with `bank: false`, or
    /// for a stub without the bank.
    package var bankFixtures: (any HostedBankFixtures)?
    /// Scenarios by name.
    public var scenarios: [String: Scenario]
    /// Routes from `routes/**`, served before the built-in bank.
    package var routes: FileRouteSet
    /// From `stubbank.yaml`.
    package var settings: StubsSettings
    /// `settings.document`, read, for `validate: requests`.
    package var requestContract: RequestContract?

    package init(bank: (any HostedBankFixtures)?, scenarios: [String: Scenario], routes: FileRouteSet = .empty,
         settings: StubsSettings = StubsSettings(bank: true)) {
        self.bankFixtures = bank
        self.scenarios = scenarios
        self.routes = routes
        self.settings = settings
    }
}
