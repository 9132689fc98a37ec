package import HTTPTypes

/// An error a route answers with; rendered as the error envelope.
package struct APIError: Error, Sendable, Equatable {
    package var status: HTTPResponse.Status
    package var type: String
    package var code: String
    package var message: String
    package var displayMessage: String
    package var retryable: Bool
    package var details: [WireErrorDetail]
    /// Extra response headers, e.g. `Retry-After` or `WWW-Authenticate`.
    package var headers: [String: String]

    package init(
        status: HTTPResponse.Status, type: String, code: String, message: String,
        displayMessage: String, retryable: Bool = false, details: [WireErrorDetail] = [],
        headers: [String: String] = [:]
    ) {
        self.status = status
        self.type = type
        self.code = code
        self.message = message
        self.displayMessage = displayMessage
        self.retryable = retryable
        self.details = details
        self.headers = headers
    }

    /// The envelope for this error, stamped with the request id.
    package func envelope(requestId: String) -> WireErrorEnvelope {
        WireErrorEnvelope(error: WireError(
            type: type, code: code, message: message, displayMessage: displayMessage,
            requestId: requestId, retryable: retryable, details: details
        ))
    }
}

extension APIError {
    package static func validation(_ message: String, details: [WireErrorDetail]) -> APIError {
        APIError(status: .badRequest, type: "invalid_request", code: "validation_failed", message: message,
                 displayMessage: "Please check the highlighted fields.", details: details)
    }

    package static func field(_ path: String, _ message: String, code: String = "invalid") -> APIError {
        .validation(message, details: [WireErrorDetail(code: code, path: path, message: message)])
    }

    package static func malformedJSON(_ reason: String) -> APIError {
        APIError(status: .badRequest, type: "invalid_request", code: "malformed_json",
                 message: "The request body is not valid JSON: \(reason)",
                 displayMessage: "Something went wrong. Please try again.",
                 details: [WireErrorDetail(code: "malformed_json", path: "", message: reason)])
    }

    package static func notFound(_ what: String) -> APIError {
        APIError(status: .notFound, type: "not_found", code: "not_found", message: "\(what) was not found.",
                 displayMessage: "We couldn't find what you were looking for.")
    }

    package static var invalidToken: APIError {
        APIError(status: .unauthorized, type: "authentication", code: "invalid_token",
                 message: "The access token is missing, expired or revoked.",
                 displayMessage: "Your session has expired. Please sign in again.",
                 headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
    }

    package static func conflict(_ code: String, _ message: String, display: String) -> APIError {
        APIError(status: .conflict, type: "conflict", code: code, message: message, displayMessage: display)
    }

    package static func businessRule(_ code: String, _ message: String, display: String, path: String = "") -> APIError {
        APIError(status: .unprocessableContent, type: "business_rule", code: code, message: message,
                 displayMessage: display, details: [WireErrorDetail(code: code, path: path, message: message)])
    }

    /// 415 for a body that is not `application/json`, naming what was sent.
    package static func unsupportedMediaType(_ contentType: String) -> APIError {
        APIError(status: .unsupportedMediaType, type: "invalid_request", code: "unsupported_media_type",
                 message: "Send the body as application/json, not \(contentType.isEmpty ? "no Content-Type" : contentType).",
                 displayMessage: "Something went wrong. Please try again.")
    }

    /// 405 with `Allow` listing the methods the path takes.
    package static func methodNotAllowed(_ method: String, path: String, allowed: [String], display: String) -> APIError {
        APIError(status: .methodNotAllowed, type: "invalid_request", code: "method_not_allowed",
                 message: "\(method) is not supported on \(path); use \(allowed.joined(separator: ", ")).",
                 displayMessage: display, headers: ["Allow": allowed.joined(separator: ", ")])
    }

    package static func payloadTooLarge(limit: Int) -> APIError {
        APIError(status: .contentTooLarge, type: "invalid_request", code: "payload_too_large",
                 message: "The request body is larger than \(limit) bytes.",
                 displayMessage: "Something went wrong. Please try again.")
    }
}
