/// The loaded contents of a stubs directory.
public struct FixtureSet: Sendable {
    /// Personas by sign-in username.
    public var personas: [String: PersonaFixture]
    public var atms: [WireATM]
    /// Scenarios by name.
    public var scenarios: [String: Scenario]

    public init(personas: [String: PersonaFixture], atms: [WireATM], scenarios: [String: Scenario]) {
        self.personas = personas
        self.atms = atms
        self.scenarios = scenarios
    }
}
