import Foundation
import Testing
@testable import StubImport
@testable import StubEngine
import StubFormats

/// A WireMock `urlPathPattern` converted to a path template with `params` matchers, against the
/// regular expression itself: on random paths, the template and its matchers take exactly the
/// paths the whole regex matches. The vocabulary is what recorders and people write: literal
/// segments (escaped or not), classes, `\d`, `\w`, quantifiers, groups with alternatives, and a
/// final `.*` or `.+`.
@Suite struct WireMockPathModelTests {
    static let segments = ["v1", "accounts", "a\\.b", "[0-9]+", "\\d{2}", "[a-z]+", "[^/]+", "\\w+", "acc_[0-9]{1,3}", "(x|y)", "(?:12|ab)",
                           "[A-Z][a-z]*", "[^/]*", "-"]
    static let words = ["v1", "accounts", "a.b", "aXb", "12", "7", "abc", "x", "y", "acc_1", "acc_1234", "Zed", "-", "ab", "A_b"]

    static func regex(using generator: inout SeededGenerator) -> String {
        var parts = (0..<Int.random(in: 1...3, using: &generator)).map { _ in segments.randomElement(using: &generator)! }
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: parts.append(".*")
        case 1: parts.append(".+")
        default: break
        }
        return (Bool.random(using: &generator) ? "^" : "") + "/" + parts.joined(separator: "/") + (Bool.random(using: &generator) ? "$" : "")
    }

    /// A path of one to four segments, never ending in `/` (route files do not tell `/a` from `/a/`).
    static func path(using generator: inout SeededGenerator) -> String {
        "/" + (0..<Int.random(in: 1...4, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined(separator: "/")
    }

    @Test(arguments: 0..<8) func aConvertedPatternTakesThePathsTheRegexTakes(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 10_100 + seed)
        var converted = 0
        for _ in 0..<40 {
            let written = Self.regex(using: &generator)
            guard let template = WireMockPath.template(fromRegex: written) else { continue }
            converted += 1
            var bare = written
            if bare.hasPrefix("^") { bare.removeFirst() }
            if bare.hasSuffix("$") { bare.removeLast() }
            let reference = try NSRegularExpression(pattern: "\\A(?:" + bare + ")\\z")
            let pattern = try RoutePattern("GET " + template.path)
            let matchers = try template.params.map { ($0.0, try ValueMatcher(.matches($0.1))) }
            for _ in 0..<30 {
                let path = Self.path(using: &generator)
                let expected = reference.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
                let captured = pattern.matchPath(RoutePattern.segments(of: path))
                let found = captured.map { values in matchers.allSatisfy { $0.1.matches(values[$0.0].map { .string($0) }) } } ?? false
                // `/v1/.*` matches `/v1/` and not `/v1`; `**` takes both, as a route file cannot tell them apart.
                if !expected, found, written.hasSuffix(".*") || written.hasSuffix(".*$"),
                   RoutePattern.segments(of: path).count == pattern.segments.count - 1 { continue }
                #expect(found == expected, "\(written) → \(template.path) \(template.params) on \(path): regex \(expected)")
            }
        }
        #expect(converted > 20, "only \(converted) of 40 converted")
    }
}
