import BankingDomain
import BankingPresentation
import Testing

@Suite struct ErrorPresenterTests {
    let presenter = ErrorPresenter()

    @Test(arguments: [
        (BankingError.offline, AlertState.Kind.offline, [AlertState.Action.retry, .dismiss]),
        (.timeout, .timeout, [.retry, .dismiss]),
        (.connectionLost, .connectionLost, [.retry, .dismiss]),
        (.serviceUnavailable(retryAfter: 120), .maintenance, [.retry]),
        (.rateLimited(retryAfter: 30), .rateLimited, [.retry]),
        (.sessionExpired, .sessionExpired, [.signInAgain]),
        (.unauthorized, .sessionExpired, [.signInAgain]),
        (.invalidCredentials, .invalidCredentials, [.dismiss]),
        (.accountLocked, .accountLocked, [.contactSupport, .dismiss]),
        (.businessRule(.insufficientFunds), .insufficientFunds, [.dismiss]),
        (.businessRule(.dailyLimitExceeded), .dailyLimitExceeded, [.dismiss]),
        (.validation(field: "amount", message: "amount must be a decimal string"), .validation, [.dismiss]),
        (.notFound, .notFound, [.dismiss]),
        (.conflict(code: "card_already_frozen"), .alreadyDone, [.dismiss]),
        (.forbidden, .forbidden, [.contactSupport, .dismiss]),
        (.unexpectedResponse(reason: "X-Signature does not match"), .untrustedResponse, [.retry, .contactSupport]),
        (.serverError(status: 500), .generic, [.retry, .contactSupport]),
        (.businessRule(.other("new_rule")), .generic, [.retry, .contactSupport]),
    ])
    func everyErrorHasItsWording(error: BankingError, kind: AlertState.Kind, actions: [AlertState.Action]) throws {
        let alert = try #require(presenter.alert(for: error))
        #expect(alert.kind == kind)
        #expect(alert.actions == actions)
        #expect(!alert.title.isEmpty && !alert.message.isEmpty)
    }

    @Test func maintenanceSaysWhenToRetry() {
        #expect(presenter.alert(for: .serviceUnavailable(retryAfter: 120))?.message.contains("in 2 minutes") == true)
        #expect(presenter.alert(for: .rateLimited(retryAfter: 30))?.message.contains("in 30 seconds") == true)
        #expect(presenter.alert(for: .serviceUnavailable(retryAfter: nil))?.message.contains("later") == true)
    }

    @Test func developerDetailNeverLeaks() {
        for error in [BankingError.validation(field: "amount.amount", message: "amount must match ^[0-9]+$"),
                      .unexpectedResponse(reason: "GET /v1/me: X-Signature mismatch"), .conflict(code: "card_already_frozen"),
                      .businessRule(.other("weird_internal_code"))] {
            let alert = presenter.alert(for: error)!
            for leak in ["amount.amount", "^[0-9]", "/v1/me", "X-Signature", "card_already_frozen", "weird_internal_code"] {
                #expect(!alert.message.contains(leak) && !alert.title.contains(leak))
            }
        }
    }

    @Test func cancellationShowsNothing() {
        #expect(presenter.alert(for: .cancelled) == nil)
    }
}
