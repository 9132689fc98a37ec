/// The loaded contents of a stubs directory.
public struct FixtureSet: Sendable {
    /// Personas by sign-in username.
    public var personas: [String: PersonaFixture]
    public var atms: [WireATM]
    /// Scenarios by name.
    public var scenarios: [String: Scenario]
    /// Routes from `routes/**`, served before the built-in bank.
    public var routes: FileRouteSet
    /// From `stubbank.yaml`.
    public var settings: StubsSettings
    /// `settings.document`, read, for `validate: requests`.
    var requestContract: RequestContract?

    public init(personas: [String: PersonaFixture], atms: [WireATM], scenarios: [String: Scenario],
                routes: FileRouteSet = .empty, settings: StubsSettings = StubsSettings(bank: true)) {
        self.personas = personas
        self.atms = atms
        self.scenarios = scenarios
        self.routes = routes
        self.settings = settings
    }
}
