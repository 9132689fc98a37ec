/// Everything one persona starts with; the bank copies it per session and mutates the copy.
public struct PersonaFixture: Sendable {
    public var name: String
    public var config: PersonaConfig
    public var profile: WireProfile
    public var accounts: [WireAccount]
    /// All entries of all accounts, newest first.
    public var transactions: [WireTransaction]
    public var cards: [WireCard]
    public var beneficiaries: [WireBeneficiary]
    public var tickets: [WireSupportTicket]
}
