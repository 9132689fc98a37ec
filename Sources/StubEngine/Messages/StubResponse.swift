package import HTTPTypes

/// A response before behaviours, signing and the journal have had their say.
package struct StubResponse: Sendable {
    package var status: HTTPResponse.Status
    package var headers: HTTPFields = [:]
    package var body: [UInt8]
    package var contentType = "application/json"

    /// Each stored property as given (the memberwise initializer, for the other targets).
    package init(status: HTTPResponse.Status, headers: HTTPFields = [:], body: [UInt8],
                 contentType: String = "application/json") {
        self.status = status
        self.headers = headers
        self.body = body
        self.contentType = contentType
    }

    package static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> StubResponse {
        StubResponse(status: status, body: WireJSON.encode(value))
    }

    /// A JSON body already encoded (a cached read).
    package static func json(encoded body: [UInt8], status: HTTPResponse.Status = .ok) -> StubResponse {
        StubResponse(status: status, body: body)
    }

    package static func error(_ error: APIError, requestId: String) -> StubResponse {
        var response = StubResponse.json(error.envelope(requestId: requestId), status: error.status)
        for (name, value) in error.headers {
            if let field = HTTPField.Name(name) { response.headers[field] = value }
        }
        return response
    }

    package static var noContent: StubResponse { StubResponse(status: .noContent, body: [], contentType: "") }
}
