public import StubEngine

/// The loaded contents of a stubs directory.
public struct FixtureSet: Sendable {
    /// Personas by sign-in username.
    var personas: [String: PersonaFixture]
    var atms: [WireATM]
    /// Scenarios by name.
    public var scenarios: [String: Scenario]
    /// Routes from `routes/**`, served before the built-in bank.
    var routes: FileRouteSet
    /// From `stubbank.yaml`.
    var settings: StubsSettings
    /// `settings.document`, read, for `validate: requests`.
    var requestContract: RequestContract?

    init(personas: [String: PersonaFixture], atms: [WireATM], scenarios: [String: Scenario],
                routes: FileRouteSet = .empty, settings: StubsSettings = StubsSettings(bank: true)) {
        self.personas = personas
        self.atms = atms
        self.scenarios = scenarios
        self.routes = routes
        self.settings = settings
    }
}
