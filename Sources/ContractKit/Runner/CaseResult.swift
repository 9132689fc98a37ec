/// The outcome of one case.
public struct CaseResult: Codable, Sendable, Equatable {
    public enum Outcome: String, Codable, Sendable { case passed, failed, error }
    /// The layer whose expectation did not hold.
    public enum Layer: String, Codable, Sendable { case setup, data, domain, presentation }

    public var caseId: String
    public var operation: String
    public var outcome: Outcome
    public var failingLayer: Layer?
    /// What was expected and what was seen, for people.
    public var message: String?
    public var observation: Observation?
    /// SHA-256 of the observation: the same outcome with another fingerprint is behaviour drift.
    public var fingerprint: String?
    public var durationMs: Double
    public var requests: Int

    public init(caseId: String, operation: String, outcome: Outcome, failingLayer: Layer?, message: String?,
                observation: Observation?, fingerprint: String?, durationMs: Double, requests: Int) {
        self.caseId = caseId
        self.operation = operation
        self.outcome = outcome
        self.failingLayer = failingLayer
        self.message = message
        self.observation = observation
        self.fingerprint = fingerprint
        self.durationMs = durationMs
        self.requests = requests
    }
}
