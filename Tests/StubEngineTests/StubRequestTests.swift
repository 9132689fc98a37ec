import HTTPTypes
@testable import StubEngine
import Testing

@Suite struct StubRequestTests {
    private func request(authorization: String?) -> StubRequest {
        var headers = HTTPFields()
        if let authorization { headers[.authorization] = authorization }
        return StubRequest(method: "GET", path: "/v1/me", pathSegments: ["v1", "me"], query: [:], headers: headers,
                           body: [], session: "default", requestId: "req_1")
    }

    @Test(arguments: [
        ("Bearer at_123", "at_123"),
        ("bearer at_123", "at_123"),
        ("BEARER at_123", "at_123"),
        ("Bearer   at_123 \t", "at_123"),
        ("Bearer at_1 at_2", "at_1 at_2"),
    ] as [(String, String)])
    func theBearerTokenIsReadInAnyCaseWithoutTheBlanksAroundIt(header: String, token: String) {
        #expect(request(authorization: header).bearerToken == token)
    }

    @Test(arguments: ["Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "Bearers at_1", "Beare at_1", "at_123", "Bëarer at_1"])
    func otherSchemesAndBareTokensAreNoBearerToken(header: String) {
        #expect(request(authorization: header).bearerToken == nil)
    }

    @Test func noAuthorizationIsNoBearerToken() {
        #expect(request(authorization: nil).bearerToken == nil)
    }
}
