public import StubEngine
import BuiltInBank

/// The loaded contents of a stubs directory.
public struct FixtureSet: Sendable {
    /// The built-in bank's personas and ATMs; none with `bank: false`.
    var bank: BankFixtures
    /// Scenarios by name.
    public var scenarios: [String: Scenario]
    /// Routes from `routes/**`, served before the built-in bank.
    var routes: FileRouteSet
    /// From `stubbank.yaml`.
    var settings: StubsSettings
    /// `settings.document`, read, for `validate: requests`.
    var requestContract: RequestContract?

    init(bank: BankFixtures, scenarios: [String: Scenario], routes: FileRouteSet = .empty,
         settings: StubsSettings = StubsSettings(bank: true)) {
        self.bank = bank
        self.scenarios = scenarios
        self.routes = routes
        self.settings = settings
    }
}
