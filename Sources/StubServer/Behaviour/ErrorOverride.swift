/// Replaces parts of the canned error envelope a behaviour's status produces.
struct ErrorOverride: Codable, Sendable, Equatable {
    var code: String?
    var message: String?
    var displayMessage: String?
    var retryable: Bool?

    init(code: String? = nil, message: String? = nil, displayMessage: String? = nil, retryable: Bool? = nil) {
        self.code = code
        self.message = message
        self.displayMessage = displayMessage
        self.retryable = retryable
    }
}
