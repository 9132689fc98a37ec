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
        return neverCarriesBody(status: status) || method == "HEAD"
    }

    /// Whether an answer with `status` never has a body, whatever the request: 204 and 304. A
    /// route file may not give one a body, and an importer drops a documented one.
    package static func neverCarriesBody(status: Int) -> Bool {
        status == 204 || status == 304
    }

    /// Drops the body (and, for 204 and 304, the body's type) before the response is signed and
    /// sent. A `Content-Type` the route names in its own headers stays: an API may document one
    /// for a 204, and a client may check it.
    package static func strip(_ exchange: inout RouteExchange) {
        guard applies(exchange), var response = exchange.response else { return }
        response.body = []
        if neverCarriesBody(status: response.status.code) { response.contentType = "" }
        exchange.response = response
    }
}
