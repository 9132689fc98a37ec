public import BankingDomain
import Foundation

/// Turns every `BankingError` into what the customer reads and can do. Developer detail
/// (server messages, codes, URLs) never reaches the text; anything unforeseen falls back to
/// one generic message.
public struct ErrorPresenter: Sendable {
    /// The presenter; it holds no state.
    public init() {}

    /// The alert for an error, or nil when nothing should be shown (the customer cancelled).
    public func alert(for error: BankingError) -> AlertState? {
        switch error {
        case .cancelled:
            return nil
        case .offline:
            return AlertState(kind: .offline, title: "You're offline",
                              message: "Check your internet connection and try again.", actions: [.retry, .dismiss])
        case .timeout:
            return AlertState(kind: .timeout, title: "This is taking too long",
                              message: "The connection is slow right now. Please try again.", actions: [.retry, .dismiss])
        case .connectionLost:
            return AlertState(kind: .connectionLost, title: "Connection lost",
                              message: "The connection dropped before we heard back. Please try again.", actions: [.retry, .dismiss])
        case .serviceUnavailable(let retryAfter):
            return AlertState(kind: .maintenance, title: "We'll be right back",
                              message: "We're doing some maintenance. Please try again \(Self.when(retryAfter)).", actions: [.retry])
        case .rateLimited(let retryAfter):
            return AlertState(kind: .rateLimited, title: "Please slow down",
                              message: "There were too many attempts. Please try again \(Self.when(retryAfter)).", actions: [.retry])
        case .unauthorized, .sessionExpired:
            return AlertState(kind: .sessionExpired, title: "Session expired",
                              message: "For your security, please sign in again.", actions: [.signInAgain])
        case .invalidCredentials:
            return AlertState(kind: .invalidCredentials, title: "Sign-in failed",
                              message: "The username or password is incorrect.", actions: [.dismiss])
        case .accountLocked:
            return AlertState(kind: .accountLocked, title: "Access locked",
                              message: "Your access is locked after too many attempts. Please contact us to unlock it.",
                              actions: [.contactSupport, .dismiss])
        case .businessRule(.insufficientFunds):
            return AlertState(kind: .insufficientFunds, title: "Not enough money",
                              message: "You don't have enough money in this account for this transfer.", actions: [.dismiss])
        case .businessRule(.dailyLimitExceeded):
            return AlertState(kind: .dailyLimitExceeded, title: "Daily limit reached",
                              message: "This transfer is over your daily limit. Try a smaller amount or try again tomorrow.",
                              actions: [.dismiss])
        case .validation, .businessRule(.invalidIBAN), .businessRule(.currencyMismatch):
            return AlertState(kind: .validation, title: "Please check your details",
                              message: "Some details don't look right. Please check the highlighted fields.", actions: [.dismiss])
        case .notFound:
            return AlertState(kind: .notFound, title: "Not found",
                              message: "We couldn't find this. It may have been removed.", actions: [.dismiss])
        case .conflict:
            return AlertState(kind: .alreadyDone, title: "Already done",
                              message: "This has already been done.", actions: [.dismiss])
        case .forbidden:
            return AlertState(kind: .forbidden, title: "Not allowed",
                              message: "You don't have permission to do this.", actions: [.contactSupport, .dismiss])
        case .unexpectedResponse:
            return AlertState(kind: .untrustedResponse, title: "Something went wrong",
                              message: "We couldn't load this safely. Please try again later.", actions: [.retry, .contactSupport])
        case .serverError, .businessRule:
            return Self.generic
        }
    }

    /// The one fallback wording.
    public static let generic = AlertState(kind: .generic, title: "Something went wrong",
                                           message: "Please try again later. If it keeps happening, contact us.",
                                           actions: [.retry, .contactSupport])

    /// "in 30 seconds", "in 2 minutes", "in about 1 hour", or "later".
    static func when(_ seconds: TimeInterval?) -> String {
        guard let seconds, seconds > 0 else { return "later" }
        if seconds < 60 { return "in \(Int(seconds)) second\(Int(seconds) == 1 ? "" : "s")" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "in \(minutes) minute\(minutes == 1 ? "" : "s")" }
        let hours = Int((seconds / 3600).rounded())
        return "in about \(hours) hour\(hours == 1 ? "" : "s")"
    }
}
