import StubEngine

/// Everything one persona starts with; the bank copies it per session and mutates the copy.
package struct PersonaFixture: Sendable {
    package var name: String
    package var config: PersonaConfig
    package var profile: WireProfile
    package var accounts: [WireAccount]
    /// All entries of all accounts, newest first.
    package var transactions: [WireTransaction]
    package var cards: [WireCard]
    package var beneficiaries: [WireBeneficiary]
    package var tickets: [WireSupportTicket]
}
