import StubEngine

/// What the built-in bank serves from a stubs folder: its personas and its ATMs.
package struct BankFixtures: Sendable {
    /// Personas by sign-in username.
    package var personas: [String: PersonaFixture]
    /// The ATM list, the same for every persona.
    package var atms: [WireATM]

    /// Fixtures with the given personas and ATMs; none by default (a folder with `bank: false`).
    package init(personas: [String: PersonaFixture] = [:], atms: [WireATM] = []) {
        self.personas = personas
        self.atms = atms
    }
}
