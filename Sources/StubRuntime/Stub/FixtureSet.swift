public import StubEngine
package import BuiltInBank

/// The loaded contents of a stubs directory.
public struct FixtureSet: Sendable {
    /// The built-in bank's personas and ATMs; none with `bank: false`.
    package var bank: BankFixtures
    /// Scenarios by name.
    public var scenarios: [String: Scenario]
    /// Routes from `routes/**`, served before the built-in bank.
    package var routes: FileRouteSet
    /// From `stubbank.yaml`.
    package var settings: StubsSettings
    /// `settings.document`, read, for `validate: requests`.
    package var requestContract: RequestContract?

    package init(bank: BankFixtures, scenarios: [String: Scenario], routes: FileRouteSet = .empty,
         settings: StubsSettings = StubsSettings(bank: true)) {
        self.bank = bank
        self.scenarios = scenarios
        self.routes = routes
        self.settings = settings
    }
}
