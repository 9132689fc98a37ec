import HTTPTypes
import NIOHTTP1
import StubEngine
import BuiltInBank

/// What the stub answers when a request fails below the routes: the HTTP parser refused it, it
/// has no `Host`, or it was too slow to arrive. Always the error envelope, never a bare status.
enum HTTPLayerError {
    /// The envelope for a parser error; a header block over the limit is 431, the rest 400.
    static func parser(_ error: HTTPParserError) -> APIError {
        switch error {
        case .headerOverflow:
            return APIError(status: HTTPResponse.Status(code: 431, reasonPhrase: "Request Header Fields Too Large"),
                            type: "invalid_request", code: "headers_too_large",
                            message: "The request's header block is larger than the stub accepts (80 KiB).",
                            displayMessage: "Something went wrong. Please try again.")
        case .invalidContentLength, .unexpectedContentLength:
            return badRequest("invalid_content_length",
                              "Content-Length is not a single valid number, or it conflicts with another Content-Length or Transfer-Encoding.")
        case .invalidChunkSize:
            return badRequest("invalid_chunk", "A chunk of the chunked body has a size that is not valid hexadecimal.")
        case .invalidEOFState, .closedConnection:
            return badRequest("incomplete_request", "The connection ended in the middle of the request.")
        case .invalidVersion:
            return badRequest("invalid_version", "The request line has an HTTP version the stub does not speak; use HTTP/1.1.")
        case .invalidMethod:
            return badRequest("invalid_method", "The request line's method is not a valid token.")
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment, .invalidHost, .invalidPort:
            return badRequest("invalid_target", "The request target is not a valid URL path.")
        case .invalidHeaderToken, .invalidCharactersUsed:
            return badRequest("invalid_header", "A header name or value holds characters HTTP does not allow.")
        default:
            return badRequest("malformed_request", "The request is not valid HTTP/1.1 (\(error)).")
        }
    }

    /// An HTTP/1.1 request must carry exactly one `Host` (RFC 9112 §3.2).
    static func host(count: Int) -> APIError {
        count == 0
            ? badRequest("missing_host", "An HTTP/1.1 request needs a Host header (RFC 9112 §3.2).")
            : badRequest("duplicate_host", "The request has \(count) Host headers; send exactly one (RFC 9112 §3.2).")
    }

    /// The head took longer than `seconds` to arrive after its first byte.
    static func headerTimeout(seconds: Double) -> APIError {
        timeout("header_timeout", "The request's headers did not arrive within \(formatted(seconds)) s of its first byte.")
    }

    /// The body took longer than `seconds` to arrive after the head.
    static func bodyTimeout(seconds: Double) -> APIError {
        timeout("body_timeout", "The request's body did not arrive within \(formatted(seconds)) s of its headers.")
    }

    private static func timeout(_ code: String, _ message: String) -> APIError {
        APIError(status: .requestTimeout, type: "invalid_request", code: code, message: message,
                 displayMessage: "The connection is too slow. Please try again.", retryable: true)
    }

    private static func badRequest(_ code: String, _ message: String) -> APIError {
        APIError(status: .badRequest, type: "invalid_request", code: code, message: message,
                 displayMessage: "Something went wrong. Please try again.")
    }

    private static func formatted(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
