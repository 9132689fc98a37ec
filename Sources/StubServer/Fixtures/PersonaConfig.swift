/// `Stubs/personas/NAME/persona.json`: how a persona signs in and what it may do.
public struct PersonaConfig: Codable, Sendable, Equatable {
    /// Sign-in name; defaults to the folder name.
    public var username: String
    /// The password that succeeds (`pass_good` by convention).
    public var password: String
    /// What this persona is for, shown in `stubbank serve` output and docs.
    public var summary: String
    /// `active`, or `locked` to answer 423 on sign-in.
    public var state: String?
    /// The most a customer may transfer per day, per currency.
    public var dailyTransferLimit: WireMoney?
    /// Generate transactions deterministically instead of (or besides) shipping them.
    public var generate: TransactionGeneration?
}

/// Parameters for deterministic transaction generation (the `busy` persona).
public struct TransactionGeneration: Codable, Sendable, Equatable {
    public var accountId: String
    public var count: Int
    public var seed: UInt64
    /// `YYYY-MM-DD` of the newest generated entry.
    public var endDate: String
}
