/// Replaces parts of the canned error envelope a behaviour's status produces.
package struct ErrorOverride: Codable, Sendable, Equatable {
    package var code: String?
    package var message: String?
    package var displayMessage: String?
    package var retryable: Bool?

    package init(code: String? = nil, message: String? = nil, displayMessage: String? = nil, retryable: Bool? = nil) {
        self.code = code
        self.message = message
        self.displayMessage = displayMessage
        self.retryable = retryable
    }
}
