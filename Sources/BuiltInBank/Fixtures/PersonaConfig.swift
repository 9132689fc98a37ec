import StubEngine

/// `Stubs/personas/NAME/persona.json`: how a persona signs in and what it may do.
package struct PersonaConfig: Codable, Sendable, Equatable {
    /// Sign-in name; defaults to the folder name.
    package var username: String
    /// The password that succeeds (`pass_good` by convention).
    package var password: String
    /// What this persona is for, shown in `stubbank serve` output and docs.
    package var summary: String
    /// `active`, or `locked` to answer 423 on sign-in.
    package var state: String?
    /// The most a customer may transfer per day, per currency.
    package var dailyTransferLimit: WireMoney?
    /// Generate transactions deterministically instead of (or besides) shipping them.
    package var generate: TransactionGeneration?
}

/// Parameters for deterministic transaction generation (the `busy` persona).
package struct TransactionGeneration: Codable, Sendable, Equatable {
    package var accountId: String
    package var count: Int
    package var seed: UInt64
    /// `YYYY-MM-DD` of the newest generated entry.
    package var endDate: String
}
