import HTTPTypes
@testable import StubEngine
import Testing

@Suite struct StubRequestTests {
    /// A parameter the bank reads once (`limit`, `lat`) is refused when sent twice, naming it.
    @Test func aQueryParameterGivenTwiceIsRefusedByName() throws {
        var request = StubRequest.verification(path: "/v1/atms")
        request.query = ["lat": ["51.5", "52"], "lng": ["0.1"]]
        do {
            _ = try request.queryValue("lat")
            Issue.record("lat given twice was read")
        } catch {
            #expect(error.status == .badRequest && error.details.first?.path == "lat")
        }
        #expect(try request.queryValue("lng") == "0.1")
        #expect(try request.queryValue("radius") == nil)
    }

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

    /// The path's segments, without the empty ones (doubled, leading and trailing slashes), as
    /// the standard library's `split` gives them; a substring's path splits the same way.
    @Test(arguments: ["", "/", "//", "/v1/atms", "v1/atms", "/v1//atms/", "///a///b///", "/v1/payees/a%2Fb", "/é/ü/ß", "/a b/c",
                      "/v1/accounts/acc_1/transactions", "/x"])
    func aPathSplitsIntoItsNonEmptySegments(path: String) {
        let expected = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        #expect(RoutePattern.segments(of: path).map(String.init) == expected)
        #expect(RoutePattern.segments(of: ("/base" + path).dropFirst(5)).map(String.init) == expected)
    }

    /// A query string as a form encodes it (WHATWG URL, `application/x-www-form-urlencoded`):
    /// `+` is a space and `%2B` a plus; the value runs to the next `&`, `=` and all (a base64
    /// cursor's padding, a signed token); a name without `=` is present and empty.
    /// A pattern's method is read in any case; a final `**` takes the rest, also nothing, so
    /// `/v1/**` can match `/v1`; `{}` names no parameter and is a literal segment.
    @Test func aPatternsMethodCaseRestAndEmptyBraces() throws {
        let lower = try RoutePattern("get /v1/atms")
        #expect(lower.method == "GET" && lower.description == "GET /v1/atms")
        #expect(lower.match(method: "GET", pathSegments: RoutePattern.segments(of: "/v1/atms")) == [:])
        let rest = try RoutePattern("* /v1/**")
        #expect(rest.canMatch(segmentCount: 1) && rest.canMatch(segmentCount: 5) && !rest.canMatch(segmentCount: 0))
        let fixed = try RoutePattern("GET /v1/cards/{id}")
        #expect(fixed.canMatch(segmentCount: 3) && !fixed.canMatch(segmentCount: 2) && !fixed.canMatch(segmentCount: 4))
        let braces = try RoutePattern("GET /v1/{}")
        #expect(braces.match(method: "GET", pathSegments: RoutePattern.segments(of: "/v1/x")) == nil)
        #expect(braces.match(method: "GET", pathSegments: RoutePattern.segments(of: "/v1/{}")) == [:])
    }

    @Test func aQueryDecodesAsAFormDoes() {
        let query = QueryString.parse("q=a+b%2Bc&cursor=YWJjZA==&sig=k=v=w&flag&empty=&q=%26%3D&name=Jos%C3%A9")
        #expect(query["q"] == ["a b+c", "&="])
        #expect(query["cursor"] == ["YWJjZA=="])
        #expect(query["sig"] == ["k=v=w"])
        #expect(query["flag"] == [""])
        #expect(query["empty"] == [""])
        #expect(query["name"] == ["José"])
        #expect(QueryString.pairs("b=2&a=1&b=3").map { "\($0.name)=\($0.value)" } == ["b=2", "a=1", "b=3"], "in the order sent")
        #expect(QueryString.parse(nil).isEmpty && QueryString.parse("").isEmpty)
    }
}
