import BankingData
import BankingDomain
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct ErrorMapperTests {
    @Test(arguments: [
        (400, "validation_failed", BankingError.validation(field: "amount.amount", message: "detail")),
        (401, "invalid_token", .unauthorized),
        (401, "invalid_credentials", .invalidCredentials),
        (403, "forbidden", .forbidden),
        (404, "not_found", .notFound),
        (409, "card_already_frozen", .conflict(code: "card_already_frozen")),
        (422, "insufficient_funds", .businessRule(.insufficientFunds)),
        (422, "daily_limit_exceeded", .businessRule(.dailyLimitExceeded)),
        (422, "something_new", .businessRule(.other("something_new"))),
        (423, "account_locked", .accountLocked),
        (500, "internal_error", .serverError(status: 500)),
        (502, "bad_gateway", .serverError(status: 502)),
    ])
    func statusAndCode(status: Int, code: String, expected: BankingError) {
        #expect(ErrorMapper.map(FakeBank.error(status, code: code, path: "amount.amount")) == expected)
    }

    @Test func retryAfterIsParsed() {
        #expect(ErrorMapper.map(FakeBank.error(429, code: "rate_limited", headers: ["Retry-After": "30"])) == .rateLimited(retryAfter: 30))
        #expect(ErrorMapper.map(FakeBank.error(503, code: "maintenance", headers: ["Retry-After": "120"])) == .serviceUnavailable(retryAfter: 120))
        #expect(ErrorMapper.map(FakeBank.error(503, code: "maintenance")) == .serviceUnavailable(retryAfter: nil))
    }

    @Test func statusWinsWhenTheBodyIsNotAnEnvelope() {
        #expect(ErrorMapper.map(HTTPResponseData(status: 503, body: Data("<html>".utf8))) == .serviceUnavailable(retryAfter: nil))
    }

    @Test(arguments: [
        (URLError.Code.notConnectedToInternet, BankingError.offline),
        (.cannotConnectToHost, .offline),
        (.cannotFindHost, .offline),
        (.timedOut, .timeout),
        (.networkConnectionLost, .connectionLost),
        (.badServerResponse, .connectionLost),
        (.unknown, .connectionLost),
        (.cancelled, .cancelled),
    ])
    func urlErrors(code: URLError.Code, expected: BankingError) {
        #expect(ErrorMapper.map(URLError(code)) == expected)
    }

    /// The codes as Apple's Foundation numbers them (NSURLError.h), built from their raw values so
    /// Linux checks the Darwin spellings: -1001 timed out, -1004 cannot connect, -1005 connection
    /// lost, -1009 not connected, -1011 bad server response, -1017 cannot parse, -1022 App
    /// Transport Security.
    @Test(arguments: [
        (-1001, BankingError.timeout), (-1004, .offline), (-1005, .connectionLost), (-1009, .offline),
        (-1011, .connectionLost), (-1017, .connectionLost),
    ])
    func darwinCodes(raw: Int, expected: BankingError) {
        #expect(ErrorMapper.map(URLError(URLError.Code(rawValue: raw)!)) == expected)
    }

    @Test func appTransportSecurityIsAConfigurationProblemNotOffline() {
        guard case .unexpectedResponse(let reason) = ErrorMapper.map(URLError(URLError.Code(rawValue: -1022)!)) else {
            Issue.record("expected unexpectedResponse"); return
        }
        #expect(reason.contains("App Transport Security"))
    }

    @Test func decodingFailuresAreUnexpectedResponses() {
        let error = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad"))
        guard case .unexpectedResponse = ErrorMapper.map(error) else { Issue.record("expected unexpectedResponse"); return }
        #expect(ErrorMapper.map(CancellationError()) == .cancelled)
    }
}
