import StubEngine
import Testing

/// `NearMiss.explain` against the route pattern's own matcher: it must explain exactly the
/// requests the pattern refuses (nil exactly when the pattern matches), rank a wrong method
/// before a wrong path, and give the reason its first failing segment has.
@Suite struct NearMissModelTests {
    private static let segmentChoices = ["v1", "cards", "x", "{id}", "*"]
    private static let requestSegments = ["v1", "cards", "x", "7", "cardz"]

    @Test func explainsExactlyTheRequestsThePatternRefuses() throws {
        var generator = SeededGenerator(seed: 2026_11_28)
        var explained = 0, matched = 0
        for _ in 0..<3000 {
            var segments = (0..<Int.random(in: 0...3, using: &generator)).map { _ in Self.segmentChoices.randomElement(using: &generator)! }
            if Bool.random(using: &generator), Int.random(in: 0...3, using: &generator) == 0 { segments.append("**") }
            let method = ["GET", "POST", nil].randomElement(using: &generator)!
            let text = (method.map { "\($0) " } ?? "") + "/" + segments.joined(separator: "/")
            let pattern = try RoutePattern(text)
            // Half the requests are drawn from the pattern itself, so both sides are well drawn.
            let drawn: [String] = if Bool.random(using: &generator) {
                segments.flatMap { segment -> [String] in
                    switch segment {
                    case "{id}", "*": [Self.requestSegments.randomElement(using: &generator)!]
                    case "**": (0..<Int.random(in: 0...2, using: &generator)).map { _ in Self.requestSegments.randomElement(using: &generator)! }
                    default: [segment]
                    }
                }
            } else {
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in Self.requestSegments.randomElement(using: &generator)! }
            }
            let path = "/" + drawn.joined(separator: "/")
            let requestMethod = ["GET", "POST"].randomElement(using: &generator)!
            let requestSegments = RoutePattern.segments(of: path)
            let matches = pattern.match(method: requestMethod, pathSegments: requestSegments) != nil
            let miss = NearMiss.explain(pattern, method: requestMethod, segments: requestSegments, source: "test")
            #expect((miss == nil) == matches, "\(text) and \(requestMethod) \(path): matches \(matches), explained as \(miss?.reason ?? "nothing")")
            if let miss {
                explained += 1
                #expect(miss.route == pattern.description && miss.source == "test")
                let pathMatches = pattern.match(method: method ?? requestMethod, pathSegments: requestSegments) != nil
                // Only the method is wrong: rank 1; the path is wrong: 2 and more.
                #expect(pathMatches ? miss.rank == 1 : miss.rank >= 2, "\(text) and \(requestMethod) \(path): rank \(miss.rank)")
            } else {
                matched += 1
            }
        }
        #expect(explained > 500 && matched > 300, "both sides drawn: \(explained) explained, \(matched) matched")
    }

    @Test func eachSegmentSaysWhyItFails() throws {
        func reason(_ pattern: String, _ path: String, method: String = "GET") throws -> String? {
            NearMiss.explain(try RoutePattern(pattern), method: method, segments: RoutePattern.segments(of: path), source: "s")?.reason
        }
        #expect(try reason("GET /v1/cards", "/v1/card") == #"path segment 2 is "card"; the route has "cards""#)
        #expect(try reason("GET /v1/cards", "/v1") == "path ends after segment 1; the route continues with /cards")
        #expect(try reason("GET /v1/cards/{id}", "/v1/cards") == "path ends before {id}")
        #expect(try reason("GET /v1/*/x", "/v1") == "path ends before segment 2")
        #expect(try reason("GET /v1/cards", "/v1/cards/7") == "path has 1 more segment(s) than /v1/cards")
        #expect(try reason("GET /v1", "/v1/cards/7/x") == "path has 3 more segment(s) than /v1")
        #expect(try reason("GET /v1/**", "/v1/cards/7/x") == nil)
        #expect(try reason("POST /v1/cards", "/v1/cards") == "method is GET; this route takes POST")
        #expect(try reason("/v1/cards", "/v1/cards", method: "DELETE") == nil, "no method: any")
    }

    @Test func theClosestComeFirstAndAreFew() throws {
        let misses = try ["GET /v1/zzzz", "GET /v1/ab", "POST /v1/a", "GET /v1/aa"].compactMap {
            NearMiss.explain(try RoutePattern($0), method: "GET", segments: RoutePattern.segments(of: "/v1/a"), source: "s")
        }
        #expect(misses.map(\.rank) == [2 + 4, 2 + 1, 1, 2 + 1])
        #expect(NearMiss.closest(misses).map(\.route) == ["POST /v1/a", "GET /v1/aa", "GET /v1/ab"], "rank, then name")
        #expect(NearMiss.closest(misses, limit: 10).map(\.route) == ["POST /v1/a", "GET /v1/aa", "GET /v1/ab", "GET /v1/zzzz"])
    }
}
