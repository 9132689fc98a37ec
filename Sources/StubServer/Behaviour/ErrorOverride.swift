/// Replaces parts of the canned error envelope a behaviour's status produces.
public struct ErrorOverride: Codable, Sendable, Equatable {
    public var code: String?
    public var message: String?
    public var displayMessage: String?
    public var retryable: Bool?

    public init(code: String? = nil, message: String? = nil, displayMessage: String? = nil, retryable: Bool? = nil) {
        self.code = code
        self.message = message
        self.displayMessage = displayMessage
        self.retryable = retryable
    }
}
