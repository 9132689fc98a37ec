/// The outcome of one case.
public struct CaseResult: Codable, Sendable, Equatable {
    /// How a case ended.
    public enum Outcome: String, Codable, Sendable {
        /// Every expectation held.
        case passed
        /// An expectation did not hold; `failingLayer` says where.
        case failed
        /// The case could not be run: setup, the stub or the operation itself failed.
        case error
        /// The client does not register the case's operation: neither a pass nor a failure.
        case notCovered = "not-covered"

        /// Failed or errored: what turns a run red.
        public var isFailure: Bool { self == .failed || self == .error }
    }

    /// The layer whose expectation did not hold.
    public enum Layer: String, Codable, Sendable {
        /// Before the operation: the stub could not be set up (a behaviour, a scenario, a sign-in).
        case setup
        /// The data layer: the requests sent or the values the repositories returned.
        case data
        /// The domain layer: the error or the values the use case produced.
        case domain
        /// The presentation layer: the state, the alert, the screen.
        case presentation
    }

    /// The case's id.
    public var caseId: String
    /// The operation the case ran.
    public var operation: String
    /// How it ended.
    public var outcome: Outcome
    /// The layer that broke, for failures and errors.
    public var failingLayer: Layer?
    /// What was expected and what was seen, for people.
    public var message: String?
    /// What every layer showed, when the operation ran.
    public var observation: Observation?
    /// SHA-256 of the observation: the same outcome with another fingerprint is behaviour drift.
    public var fingerprint: String?
    /// How long the case took, setup included.
    public var durationMs: Double
    /// How many requests of the operation reached the stub.
    public var requests: Int
    /// SHA-256 of the case as loaded (its source location left out): one of the inputs the team
    /// store groups results by.
    public var definitionHash: String?
    /// What each request of the operation used of the API: the fields of its JSON answer the app
    /// received and read (see `OperationUse`). Not part of the observation or its fingerprint.
    public var uses: [OperationUse]?

    /// A result.
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
