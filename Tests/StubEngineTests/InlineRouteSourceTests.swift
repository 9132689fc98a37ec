import HTTPTypes
@testable import StubEngine
import Testing

/// Routes written in Swift (`InProcessStub.route`), as the engine holds them: the newest route
/// that matches answers and names the request, each route has an id of its own, and removing
/// one says whether it was there.
@Suite struct InlineRouteSourceTests {
    private func exchange(_ method: String, _ path: String) -> RouteExchange {
        RouteExchange(method: method, path: path, rawQuery: nil, headers: [:], requestId: "r", authority: nil)
    }

    private func answer(_ source: InlineRouteSource, _ method: String, _ path: String) throws -> (String?, String?) {
        var exchange = exchange(method, path)
        guard try source.answer(&exchange) else { return (nil, nil) }
        return (exchange.route, exchange.response.map { String(decoding: $0.body, as: UTF8.self) })
    }

    @Test func theNewestMatchingRouteAnswersAndNamesTheRequest() throws {
        let source = InlineRouteSource()
        let first = try source.add("GET /v1/accounts/{id}") { _, parameters in
            StubResponse(status: .ok, body: Array("first \(parameters["id"] ?? "")".utf8))
        }
        let second = try source.add("GET /v1/accounts/*") { _, _ in StubResponse(status: .ok, body: Array("second".utf8)) }
        #expect(first != second)
        #expect(try answer(source, "GET", "/v1/accounts/7") == ("GET /v1/accounts/* (inline)", "second"))
        #expect(source.routeName(for: exchange("GET", "/v1/accounts/7").request) == "GET /v1/accounts/* (inline)")
        #expect(try answer(source, "POST", "/v1/accounts/7") == (nil, nil))
        #expect(source.remove(second))
        #expect(!source.remove(second), "a route already removed is not there")
        #expect(!source.remove(first + second + 100), "an id never given is not there")
        #expect(try answer(source, "GET", "/v1/accounts/7") == ("GET /v1/accounts/{id} (inline)", "first 7"))
        #expect(source.listed.map(\.pattern) == ["GET /v1/accounts/{id}"])
    }
}
