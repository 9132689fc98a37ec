import HTTPTypes

/// Canned errors by code or status, used by `X-Stub-Status`, behaviours, and `error_<CODE>` passwords.
package enum ErrorCatalogue {
    /// Codes accepted in an `error_<CODE>` password, with their status.
    package static let codes: [String: Int] = [
        "BAD_REQUEST": 400, "INVALID_CREDENTIALS": 401, "UNAUTHORIZED": 401, "FORBIDDEN": 403,
        "NOT_FOUND": 404, "CONFLICT": 409, "LOCKED": 423, "RATE_LIMITED": 429,
        "SERVER_ERROR": 500, "INTERNAL_ERROR": 500, "BAD_GATEWAY": 502, "MAINTENANCE": 503,
        "SERVICE_UNAVAILABLE": 503, "GATEWAY_TIMEOUT": 504,
    ]

    /// The canonical error for an HTTP status, with the headers a real bank would send.
    package static func error(forStatus status: Int, code: String? = nil, retryAfterSeconds: Int = 120) -> APIError {
        let httpStatus = HTTPResponse.Status(code: status)
        func make(_ type: String, _ defaultCode: String, _ message: String, _ display: String,
                  retryable: Bool = false, headers: [String: String] = [:]) -> APIError {
            APIError(status: httpStatus, type: type, code: code ?? defaultCode, message: message,
                     displayMessage: display, retryable: retryable, headers: headers)
        }
        let retryAfter = ["Retry-After": String(retryAfterSeconds)]
        switch status {
        case 400: return make("invalid_request", "bad_request", "The request was rejected.", "Something went wrong. Please try again.")
        case 401: return APIError.invalidToken.with(code: code)
        case 403: return make("forbidden", "forbidden", "This action is not allowed for this customer.", "You don't have permission to do this.")
        case 404: return make("not_found", "not_found", "The resource was not found.", "We couldn't find what you were looking for.")
        case 409: return make("conflict", "conflict", "The request conflicts with the current state.", "This has already been done.")
        case 422: return make("business_rule", "business_rule_violation", "A business rule rejected the request.", "This request can't be completed.")
        case 423: return make("locked", "account_locked", "The customer's access is locked.", "Your access is locked. Please contact us.")
        case 429: return make("rate_limited", "rate_limited", "Too many requests.", "You're going a bit fast. Please wait a moment and try again.",
            retryable: true, headers: retryAfter)
        case 503: return make("service_unavailable", "maintenance", "The service is down for maintenance.",
            "We're doing some maintenance. Please try again later.", retryable: true, headers: retryAfter)
        case 500..<600: return make("server_error", "internal_error", "The server failed to handle the request.",
            "Something went wrong on our side. Please try again.", retryable: true)
        case 400..<500: return make("invalid_request", "client_error", "The request was rejected with status \(status).",
            "Something went wrong. Please try again.")
        default: return make("server_error", "unexpected_status", "Injected status \(status).", "Something went wrong. Please try again.")
        }
    }
}

extension APIError {
    package func with(code: String?) -> APIError {
        var copy = self
        if let code { copy.code = code }
        return copy
    }
}
