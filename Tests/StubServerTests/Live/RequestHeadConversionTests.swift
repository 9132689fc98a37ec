import HTTPTypes
import NIOHTTP1
import NIOHTTPTypesHTTP1
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

/// The event-loop answer reads a request head exactly as Hummingbird's own conversion does
/// (`ReadyAnswerHandler.request`), so both paths see the same method, authority, path and fields.
@Suite struct RequestHeadConversionTests {
    static let heads: [HTTPRequestHead] = [
        head(.GET, "/v1/atms", ["Host": "localhost:8080"]),
        head(.GET, "/v1/atms?lat=52.5&lon=13.4", ["host": "a", "HOST": "b", "Accept": "*/*"]),
        head(.DELETE, "/v1/beneficiaries/ben_sam", ["Authorization": "Bearer at_1", "X-Request-Id": "r-1"]),
        head(.GET, "/_s/sim-1/v1/me", ["Cookie": "a=1; b=2", "cookie": "c=3", "X-Custom": "  spaced  "]),
        head(.GET, "/v1/me", ["bad name": "dropped", "Accept": "application/json"]),
        head(.GET, "/", [:]),
        head(.RAW(value: "PURGE"), "/cache", ["Host": "x"]),
        head(.GET, "http://example.com/v1/atms?x=1", ["Host": "example.com"]),
        head(.GET, "https://example.com", [:]),
        head(.OPTIONS, "*", ["Host": "x"]),
    ]

    static func head(_ method: HTTPMethod, _ uri: String, _ headers: KeyValuePairs<String, String>) -> HTTPRequestHead {
        HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: HTTPHeaders(headers.map { ($0.key, $0.value) }))
    }

    @Test(arguments: heads)
    func theHeadIsReadAsHummingbirdReadsIt(head: HTTPRequestHead) throws {
        let expected = try HTTPRequest(head, secure: false, splitCookie: false)
        let request = try #require(ReadyAnswerHandler.request(head))
        #expect(request == expected)
        #expect(request.headerFields.map(\.name.rawName) == expected.headerFields.map(\.name.rawName))
    }
}
