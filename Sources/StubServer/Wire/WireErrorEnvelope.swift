/// The one error shape every non-2xx response carries.
struct WireErrorEnvelope: Codable, Sendable, Equatable {
    var error: WireError

    init(error: WireError) { self.error = error }
}

/// The body of the error envelope.
struct WireError: Codable, Sendable, Equatable {
    /// Broad class: `invalid_request`, `authentication`, `forbidden`, `not_found`, `conflict`,
    /// `business_rule`, `rate_limited`, `server_error`, `service_unavailable`, `locked`.
    var type: String
    /// Stable machine code, e.g. `insufficient_funds`.
    var code: String
    /// For developers.
    var message: String
    /// Safe to show to a customer.
    var displayMessage: String
    var requestId: String
    /// Whether repeating the same request may succeed.
    var retryable: Bool
    var details: [WireErrorDetail]
}

/// One field-level problem.
struct WireErrorDetail: Codable, Sendable, Equatable {
    var code: String
    /// JSON pointer-ish path of the offending field, e.g. `amount.amount`.
    var path: String
    var message: String

    init(code: String, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }
}
