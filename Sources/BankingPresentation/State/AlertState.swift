/// An alert for the customer: words they understand and what they can do next.
public struct AlertState: Sendable, Equatable {
    /// Which wording was chosen; contract cases assert on it.
    public enum Kind: String, Sendable {
        case offline, timeout, connectionLost, maintenance, rateLimited, sessionExpired, invalidCredentials,
             accountLocked, insufficientFunds, dailyLimitExceeded, validation, notFound, alreadyDone, forbidden,
             untrustedResponse, generic
    }

    public enum Action: String, Sendable, Equatable {
        case retry, signInAgain, dismiss, contactSupport
    }

    public let kind: Kind
    public let title: String
    public let message: String
    public let actions: [Action]

    /// What VoiceOver reads when the alert appears: its title, then its message.
    public var accessibilityLabel: String { "\(title). \(message)" }

    public init(kind: Kind, title: String, message: String, actions: [Action]) {
        self.kind = kind
        self.title = title
        self.message = message
        self.actions = actions
    }
}
