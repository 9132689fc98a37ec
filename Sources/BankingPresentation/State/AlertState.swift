/// An alert for the customer: words they understand and what they can do next.
public struct AlertState: Sendable, Equatable {
    /// Which wording was chosen; contract cases assert on it.
    public enum Kind: String, Sendable {
        /// The device has no connection.
        case offline
        /// The bank took too long.
        case timeout
        /// The connection dropped mid-request.
        case connectionLost
        /// Planned maintenance or overload (503).
        case maintenance
        /// Too many requests (429).
        case rateLimited
        /// The session ended; sign in again.
        case sessionExpired
        /// Wrong username or password.
        case invalidCredentials
        /// Too many failed sign-ins.
        case accountLocked
        /// Not enough money for the payment.
        case insufficientFunds
        /// The payment passes the daily limit.
        case dailyLimitExceeded
        /// Input the bank refused, with its message.
        case validation
        /// The thing asked for is gone.
        case notFound
        /// Already done (a card already frozen, say).
        case alreadyDone
        /// Not allowed for this customer.
        case forbidden
        /// The answer could not be trusted or read (bad signature, bad JSON).
        case untrustedResponse
        /// Anything else: "Something went wrong".
        case generic
    }

    /// What the customer can do from the alert; the app shows one button for each.
    public enum Action: String, Sendable, Equatable {
        /// Try the same thing again.
        case retry
        /// Go to the sign-in screen.
        case signInAgain
        /// Close the alert.
        case dismiss
        /// Open the support screen.
        case contactSupport
    }

    /// Which wording was chosen.
    public let kind: Kind
    /// The alert's title, e.g. "You're offline".
    public let title: String
    /// One or two sentences saying what happened and what to do.
    public let message: String
    /// The buttons, in order.
    public let actions: [Action]

    /// What VoiceOver reads when the alert appears: its title, then its message.
    public var accessibilityLabel: String { "\(title). \(message)" }

    /// An alert.
    public init(kind: Kind, title: String, message: String, actions: [Action]) {
        self.kind = kind
        self.title = title
        self.message = message
        self.actions = actions
    }
}
