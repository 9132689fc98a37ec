import StubEngine

/// `Stubs/personas/NAME/persona.json`: how a persona signs in and what it may do.
struct PersonaConfig: Codable, Sendable, Equatable {
    /// Sign-in name; defaults to the folder name.
    var username: String
    /// The password that succeeds (`pass_good` by convention).
    var password: String
    /// What this persona is for, shown in `stubbank serve` output and docs.
    var summary: String
    /// `active`, or `locked` to answer 423 on sign-in.
    var state: String?
    /// The most a customer may transfer per day, per currency.
    var dailyTransferLimit: WireMoney?
    /// Generate transactions deterministically instead of (or besides) shipping them.
    var generate: TransactionGeneration?
}

/// Parameters for deterministic transaction generation (the `busy` persona).
struct TransactionGeneration: Codable, Sendable, Equatable {
    var accountId: String
    var count: Int
    var seed: UInt64
    /// `YYYY-MM-DD` of the newest generated entry.
    var endDate: String
}
