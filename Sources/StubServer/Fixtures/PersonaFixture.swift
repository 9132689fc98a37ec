import StubEngine

/// Everything one persona starts with; the bank copies it per session and mutates the copy.
struct PersonaFixture: Sendable {
    var name: String
    var config: PersonaConfig
    var profile: WireProfile
    var accounts: [WireAccount]
    /// All entries of all accounts, newest first.
    var transactions: [WireTransaction]
    var cards: [WireCard]
    var beneficiaries: [WireBeneficiary]
    var tickets: [WireSupportTicket]
}
