import Foundation
import HTTPTypes
import StubFormats
import StubOpenAPI
@testable import StubEngine

extension RequestContract {
    /// The refusal of `method path?query` by `document`'s contract (credentials checked when
    /// `credentials`, parameters and bodies when `requests`), or nil when the request passes.
    static func refusal(_ document: String, _ method: String, _ path: String, query: String? = nil, headers: HTTPFields = [:],
                        body: String = "", requests: Bool = true, credentials: Bool = false) throws -> APIError? {
        var contract = RequestContract(document: try OpenAPISource.load("api.yaml") { _ in Data(document.utf8) })
        contract.checksRequests = requests
        contract.checksCredentials = credentials
        return contract.refusal(of: StubRequest(method: method, path: path, pathSegments: RoutePattern.segments(of: path),
                                                query: QueryString.parse(query), headers: headers, body: Array(body.utf8),
                                                session: "default", requestId: "r", rawQuery: query))
    }

    /// This contract's refusal of `request`, or nil when it passes.
    func refusal(of request: StubRequest) -> APIError? {
        do {
            try check(request, method: request.method)
            return nil
        } catch {
            return error
        }
    }
}
