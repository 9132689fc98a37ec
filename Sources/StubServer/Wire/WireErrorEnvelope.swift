/// The one error shape every non-2xx response carries.
public struct WireErrorEnvelope: Codable, Sendable, Equatable {
    public var error: WireError

    public init(error: WireError) { self.error = error }
}

/// The body of the error envelope.
public struct WireError: Codable, Sendable, Equatable {
    /// Broad class: `invalid_request`, `authentication`, `forbidden`, `not_found`, `conflict`,
    /// `business_rule`, `rate_limited`, `server_error`, `service_unavailable`, `locked`.
    public var type: String
    /// Stable machine code, e.g. `insufficient_funds`.
    public var code: String
    /// For developers.
    public var message: String
    /// Safe to show to a customer.
    public var displayMessage: String
    public var requestId: String
    /// Whether repeating the same request may succeed.
    public var retryable: Bool
    public var details: [WireErrorDetail]
}

/// One field-level problem.
public struct WireErrorDetail: Codable, Sendable, Equatable {
    public var code: String
    /// JSON pointer-ish path of the offending field, e.g. `amount.amount`.
    public var path: String
    public var message: String

    public init(code: String, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }
}
