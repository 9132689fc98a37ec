public import Foundation

/// Every failure the client core reports, in the language of the app rather than of HTTP.
///
/// Each case keeps what a developer needs (`debugDescription`); presenters turn it into what a
/// customer reads and never show the developer detail.
public enum BankingError: Error, Hashable, Sendable, CustomDebugStringConvertible {
    /// Input rejected, for a field when the server or a use case named one.
    case validation(field: String?, message: String)
    /// No valid token; sign-in is needed.
    case unauthorized
    /// The session could not be refreshed; sign in again.
    case sessionExpired
    /// Signed in, but not allowed to do this (another customer's account, a blocked feature).
    case forbidden
    /// The thing asked for does not exist, or no longer does.
    case notFound
    /// Already in the requested state (e.g. card already frozen), with the server's code.
    case conflict(code: String)
    /// A bank rule refused a well-formed request.
    case businessRule(BusinessRule)
    /// Too many requests; wait `retryAfter` seconds (when the bank says) and try again.
    case rateLimited(retryAfter: TimeInterval?)
    /// Maintenance or overload.
    case serviceUnavailable(retryAfter: TimeInterval?)
    /// The bank failed with an HTTP status it gave no further reason for.
    case serverError(status: Int)
    /// The device has no connection or the host cannot be reached.
    case offline
    /// The bank did not answer in time.
    case timeout
    /// The connection dropped mid-request.
    case connectionLost
    /// The response could not be trusted or read: bad JSON, wrong content type, bad signature.
    case unexpectedResponse(reason: String)
    /// Sign-in refused: wrong username or password.
    case invalidCredentials
    /// Sign-in locked after too many attempts.
    case accountLocked
    /// The caller cancelled the request; nothing to show.
    case cancelled

    /// What went wrong, for logs and test failures; never shown to a customer.
    public var debugDescription: String {
        switch self {
        case .validation(let field, let message): "validation(\(field ?? "-")): \(message)"
        case .conflict(let code): "conflict(\(code))"
        case .businessRule(let rule): "businessRule(\(rule.code))"
        case .rateLimited(let after): "rateLimited(retryAfter: \(after.map { "\($0)" } ?? "nil"))"
        case .serviceUnavailable(let after): "serviceUnavailable(retryAfter: \(after.map { "\($0)" } ?? "nil"))"
        case .serverError(let status): "serverError(\(status))"
        case .unexpectedResponse(let reason): "unexpectedResponse: \(reason)"
        // Spelled out: interpolating `self` here would call this property again.
        case .unauthorized: "unauthorized"
        case .sessionExpired: "sessionExpired"
        case .forbidden: "forbidden"
        case .notFound: "notFound"
        case .offline: "offline"
        case .timeout: "timeout"
        case .connectionLost: "connectionLost"
        case .invalidCredentials: "invalidCredentials"
        case .accountLocked: "accountLocked"
        case .cancelled: "cancelled"
        }
    }

    /// Whether trying the same thing again may work.
    public var isRetryable: Bool {
        switch self {
        case .rateLimited, .serviceUnavailable, .serverError, .offline, .timeout, .connectionLost: true
        default: false
        }
    }
}

/// A bank rule that refused a request, by the server's code.
public enum BusinessRule: Hashable, Sendable {
    /// Not enough available money on the source account.
    case insufficientFunds
    /// The amount would pass the customer's daily transfer limit.
    case dailyLimitExceeded
    /// The accounts or the amount are in different currencies.
    case currencyMismatch
    /// The idempotency key was already used for a different request.
    case idempotencyKeyReused
    /// The IBAN fails its check digits or its country's format.
    case invalidIBAN
    /// A rule this client does not know yet, by its code.
    case other(String)

    /// The rule for a server code; unknown codes become `other`.
    public init(code: String) {
        switch code {
        case "insufficient_funds": self = .insufficientFunds
        case "daily_limit_exceeded": self = .dailyLimitExceeded
        case "currency_mismatch": self = .currencyMismatch
        case "idempotency_key_reused": self = .idempotencyKeyReused
        case "invalid_iban": self = .invalidIBAN
        default: self = .other(code)
        }
    }

    /// The server's code for the rule, e.g. `insufficient_funds`.
    public var code: String {
        switch self {
        case .insufficientFunds: "insufficient_funds"
        case .dailyLimitExceeded: "daily_limit_exceeded"
        case .currencyMismatch: "currency_mismatch"
        case .idempotencyKeyReused: "idempotency_key_reused"
        case .invalidIBAN: "invalid_iban"
        case .other(let code): code
        }
    }
}
