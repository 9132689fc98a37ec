import HTTPTypes
import Testing
@testable import StubEngine

/// The canned errors behaviours, `X-Stub-Status` and `error_<CODE>` passwords answer with: one
/// for every status a bank's app meets, with the type, code, retry flag and `Retry-After` a
/// real bank's would carry, and every code a password may name.
@Suite struct ErrorCatalogueTests {
    @Test func everyStatusHasItsCannedError() {
        let expected: [(Int, String, String, Bool, String?)] = [
            (400, "invalid_request", "bad_request", false, nil), (401, "authentication", "invalid_token", false, nil),
            (403, "forbidden", "forbidden", false, nil), (404, "not_found", "not_found", false, nil),
            (409, "conflict", "conflict", false, nil), (422, "business_rule", "business_rule_violation", false, nil),
            (423, "locked", "account_locked", false, nil), (429, "rate_limited", "rate_limited", true, "120"),
            (503, "service_unavailable", "maintenance", true, "120"), (500, "server_error", "internal_error", true, nil),
            (502, "server_error", "internal_error", true, nil), (504, "server_error", "internal_error", true, nil),
            (418, "invalid_request", "client_error", false, nil), (451, "invalid_request", "client_error", false, nil),
            (302, "server_error", "unexpected_status", false, nil),
        ]
        for (status, type, code, retryable, retryAfter) in expected {
            let error = ErrorCatalogue.error(forStatus: status)
            #expect(Int(error.status.code) == status && error.type == type && error.code == code, "\(status): \(error.type) \(error.code)")
            #expect(error.retryable == retryable, "\(status) retryable")
            #expect(error.headers["Retry-After"] == retryAfter, "\(status) Retry-After")
            #expect(!error.message.isEmpty && !error.displayMessage.isEmpty, "\(status)")
        }
        #expect(ErrorCatalogue.error(forStatus: 429, retryAfterSeconds: 7).headers["Retry-After"] == "7")
        // A given code wins at every status, 401 (the bank's own token error) included.
        for status in [400, 401, 403, 404, 409, 422, 423, 429, 500, 503, 418, 302] {
            #expect(ErrorCatalogue.error(forStatus: status, code: "core_banking_down").code == "core_banking_down", "\(status)")
        }
    }

    /// RFC 9110 §15.5.6: a 405 must list the methods the path takes in `Allow`; the engine's
    /// answer for it carries the header beside the envelope.
    @Test func a405ListsTheMethodsThePathTakes() throws {
        let error = APIError.methodNotAllowed("DELETE", path: "/v1/accounts", allowed: ["GET", "POST"], display: "Not allowed.")
        #expect(error.status == .methodNotAllowed && error.code == "method_not_allowed")
        #expect(error.message == "DELETE is not supported on /v1/accounts; use GET, POST.")
        let answer = StubResponse.error(error, requestId: "req_1")
        #expect(answer.status == .methodNotAllowed)
        #expect(answer.headers[try #require(HTTPField.Name("Allow"))] == "GET, POST")
    }

    @Test func everyPasswordCodeNamesItsStatus() {
        let expected = [
            "BAD_REQUEST": 400, "INVALID_CREDENTIALS": 401, "UNAUTHORIZED": 401, "FORBIDDEN": 403, "NOT_FOUND": 404,
            "CONFLICT": 409, "LOCKED": 423, "RATE_LIMITED": 429, "SERVER_ERROR": 500, "INTERNAL_ERROR": 500,
            "BAD_GATEWAY": 502, "MAINTENANCE": 503, "SERVICE_UNAVAILABLE": 503, "GATEWAY_TIMEOUT": 504,
        ]
        #expect(ErrorCatalogue.codes == expected)
    }
}
