import BankingDomain

/// Stable names for domain errors as cases write them: `serviceUnavailable`,
/// `businessRule.insufficientFunds`, `conflict`, ...
enum DomainNames {
    static func name(of error: BankingError) -> String {
        switch error {
        case .validation: "validation"
        case .unauthorized: "unauthorized"
        case .sessionExpired: "sessionExpired"
        case .forbidden: "forbidden"
        case .notFound: "notFound"
        case .conflict: "conflict"
        case .businessRule(let rule):
            switch rule {
            case .insufficientFunds: "businessRule.insufficientFunds"
            case .dailyLimitExceeded: "businessRule.dailyLimitExceeded"
            case .currencyMismatch: "businessRule.currencyMismatch"
            case .idempotencyKeyReused: "businessRule.idempotencyKeyReused"
            case .invalidIBAN: "businessRule.invalidIBAN"
            case .other(let code): "businessRule.\(code)"
            }
        case .rateLimited: "rateLimited"
        case .serviceUnavailable: "serviceUnavailable"
        case .serverError: "serverError"
        case .offline: "offline"
        case .timeout: "timeout"
        case .connectionLost: "connectionLost"
        case .unexpectedResponse: "unexpectedResponse"
        case .invalidCredentials: "invalidCredentials"
        case .accountLocked: "accountLocked"
        case .cancelled: "cancelled"
        }
    }

    static func retryAfter(of error: BankingError) -> Double? {
        switch error {
        case .rateLimited(let after), .serviceUnavailable(let after): after
        default: nil
        }
    }
}
