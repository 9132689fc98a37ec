import HTTPTypes

/// Which answers carry no body: 204 and 304 (RFC 9110 §15.3.5, §15.4.5) and every answer to
/// HEAD (§9.3.2), whatever a route, a status override or a fault asked for. Sending one would
/// leave its bytes on a keep-alive connection, where the client reads them as the next answer.
package enum BodylessResponse {
    /// Headers that frame the body; only the server sets them.
    package static let framingHeaders: Set<String> = ["content-length", "transfer-encoding", "connection"]

    package static func applies(_ exchange: RouteExchange) -> Bool {
        applies(status: exchange.response?.status.code, method: exchange.request.method)
    }

    /// The same from the two fields it reads, for a caller in another module, which would copy a
    /// whole exchange into the call.
    package static func applies(status: Int?, method: String) -> Bool {
        guard let status else { return false }
        return status == 204 || status == 304 || method == "HEAD"
    }

    /// Drops the body (and, for 204 and 304, its type) before the response is signed and sent.
    package static func strip(_ exchange: inout RouteExchange) {
        guard applies(exchange), var response = exchange.response else { return }
        response.body = []
        if response.status.code == 204 || response.status.code == 304 {
            response.contentType = ""
            response.headers[.contentType] = nil
        }
        exchange.response = response
    }
}
