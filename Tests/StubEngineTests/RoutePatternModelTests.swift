import Foundation
import Testing
@testable import StubEngine

/// Route patterns and the index that finds them, against a model with no index: each pattern
/// as a regular expression (`{name}` and `*` one segment, a final `**` any rest, nothing
/// included), tried on every route in order. Random patterns and paths from a small vocabulary,
/// so most paths match several routes and many match none.
@Suite struct RoutePatternModelTests {
    static let literals = ["v1", "accounts", "a%20b", "x"]

    static func pattern(using generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...3, using: &generator)
        var segments: [String] = (0..<count).map { index in
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: "{p\(index)}"
            case 1: "*"
            default: literals.randomElement(using: &generator)!
            }
        }
        if Int.random(in: 0..<4, using: &generator) == 0 { segments.append("**") }
        return "/" + segments.joined(separator: "/")
    }

    static func path(using generator: inout SeededGenerator) -> String {
        let segments = (0..<Int.random(in: 0...4, using: &generator)).map { _ in (literals + ["y", "%C3%A9", "Accounts", "V1"]).randomElement(using: &generator)! }
        // Empty segments (`//`, a trailing `/`) are not segments; a literal matches only in its own case.
        return "/" + segments.joined(separator: Bool.random(using: &generator) ? "/" : "//") + (Bool.random(using: &generator) ? "/" : "")
    }

    /// The pattern as a regular expression over the path's segments joined by `/`, with the
    /// parameters it captures, percent-decoded.
    static func model(_ pattern: String, _ path: String) throws -> [String: String]? {
        let segments = pattern.split(separator: "/").map(String.init)
        var regex = "", names: [String?] = []
        for (index, segment) in segments.enumerated() {
            switch segment {
            case "**" where index == segments.count - 1: regex += "(?:/.*)?"
            case "*": regex += "/[^/]+"
            case _ where segment.hasPrefix("{"): regex += "/([^/]+)"; names.append(String(segment.dropFirst().dropLast()))
            default: regex += "/" + NSRegularExpression.escapedPattern(for: segment)
            }
        }
        let joined = "/" + path.split(separator: "/").joined(separator: "/")
        let expression = try NSRegularExpression(pattern: "\\A" + (regex.isEmpty ? "/" : "(?:" + regex + "|" + (segments == ["**"] ? "/" : "(?!)") + ")") + "\\z")
        guard let match = expression.firstMatch(in: joined, range: NSRange(joined.startIndex..., in: joined)) else { return nil }
        var captured: [String: String] = [:]
        for (offset, name) in names.enumerated() {
            guard let name, let range = Range(match.range(at: offset + 1), in: joined) else { continue }
            captured[name] = String(joined[range]).removingPercentEncoding ?? String(joined[range])
        }
        return captured
    }

    @Test(arguments: 0..<8) func theIndexFindsWhatEveryPatternTriedInTurnFinds(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 9_900 + seed)
        for _ in 0..<20 {
            let texts = (0..<Int.random(in: 1...12, using: &generator)).map { _ in Self.pattern(using: &generator) }
            let patterns = try texts.map { try RoutePattern($0) }
            let trie = RouteTrie(patterns: patterns)
            for _ in 0..<25 {
                let path = Self.path(using: &generator)
                let segments = RoutePattern.segments(of: path)
                let expected = try texts.indices.filter { try Self.model(texts[$0], path) != nil }
                let found = trie.candidates(segments).filter { patterns[$0].matchPath(segments) != nil }
                #expect(found == expected, "\(path) against \(texts): index \(found), model \(expected)")
                for index in expected {
                    #expect(patterns[index].matchPath(segments) == (try Self.model(texts[index], path)), "\(texts[index]) on \(path)")
                }
            }
        }
    }
    /// A pattern alone decides as the model does, on every path, not only those the index hands
    /// it: behaviours, `except` lists and route names match a pattern without an index, so a
    /// path shorter or longer than the pattern must be refused by the pattern itself.
    @Test(arguments: 0..<4) func aPatternAloneDecidesAsTheModelOnEveryPath(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 7_700 + seed)
        for _ in 0..<60 {
            let text = Self.pattern(using: &generator)
            let pattern = try RoutePattern(text)
            for _ in 0..<25 {
                let path = Self.path(using: &generator)
                #expect(pattern.matchPath(RoutePattern.segments(of: path)) == (try Self.model(text, path)), "\(text) on \(path)")
            }
        }
        // The edges, by hand: one segment short, and one too many.
        #expect(try RoutePattern("/v1/accounts/{id}").matchPath(RoutePattern.segments(of: "/v1/accounts")) == nil)
        #expect(try RoutePattern("/v1/*").matchPath(RoutePattern.segments(of: "/v1")) == nil)
        #expect(try RoutePattern("/v1/{id}").matchPath(RoutePattern.segments(of: "/v1/a/b")) == nil)
    }
}
