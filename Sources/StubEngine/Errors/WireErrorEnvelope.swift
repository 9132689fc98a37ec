/// The one error shape every non-2xx response carries.
package struct WireErrorEnvelope: Codable, Sendable, Equatable {
    package var error: WireError

    package init(error: WireError) { self.error = error }
}

/// The body of the error envelope.
package struct WireError: Codable, Sendable, Equatable {
    /// Broad class: `invalid_request`, `authentication`, `forbidden`, `not_found`, `conflict`,
    /// `business_rule`, `rate_limited`, `server_error`, `service_unavailable`, `locked`.
    package var type: String
    /// Stable machine code, e.g. `insufficient_funds`.
    package var code: String
    /// For developers.
    package var message: String
    /// Safe to show to a customer.
    package var displayMessage: String
    package var requestId: String
    /// Whether repeating the same request may succeed.
    package var retryable: Bool
    package var details: [WireErrorDetail]
}

/// One field-level problem.
package struct WireErrorDetail: Codable, Sendable, Equatable {
    package var code: String
    /// JSON pointer-ish path of the offending field, e.g. `amount.amount`.
    package var path: String
    package var message: String

    package init(code: String, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }
}
