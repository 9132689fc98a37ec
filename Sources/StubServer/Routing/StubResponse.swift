import HTTPTypes

/// A response before behaviours, signing and the journal have had their say.
struct StubResponse: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields = [:]
    var body: [UInt8]
    var contentType = "application/json"

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> StubResponse {
        StubResponse(status: status, body: WireJSON.encode(value))
    }

    /// A JSON body already encoded (a cached read).
    static func json(encoded body: [UInt8], status: HTTPResponse.Status = .ok) -> StubResponse {
        StubResponse(status: status, body: body)
    }

    static func error(_ error: APIError, requestId: String) -> StubResponse {
        var response = StubResponse.json(error.envelope(requestId: requestId), status: error.status)
        for (name, value) in error.headers {
            if let field = HTTPField.Name(name) { response.headers[field] = value }
        }
        return response
    }

    static var noContent: StubResponse { StubResponse(status: .noContent, body: [], contentType: "") }
}
