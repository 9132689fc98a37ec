import Foundation
import Testing
@testable import StubEngine

/// A request's query string as routes read it, against Foundation's `URLComponents` on random
/// query strings: the same names and values in the same order, once `+` is read as a space
/// (HTML forms write it so; `URLComponents` leaves it) and empty pairs (`a=1&&b=2`) are skipped.
@Suite struct QueryStringReferenceTests {
    static let pieces = ["a", "b", "id", "=", "=", "&", "&", "+", "%20", "%2B", "%26", "%3D", "%25", "%C3%A9", "1", "x-y", ".", "~", "%2F", "/", "?"]

    @Test(arguments: 0..<8) func namesAndValuesAreWhatURLComponentsReads(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 9_700 + seed)
        for _ in 0..<150 {
            let query = (0..<Int.random(in: 0...10, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let components = try #require(URLComponents(string: "http://stub/p?" + query.replacingOccurrences(of: "+", with: "%20")))
            let expected = (components.queryItems ?? [])
                .filter { !($0.name.isEmpty && $0.value == nil) }
                .map { "\($0.name)=\($0.value ?? "")" }
            let pairs = QueryString.pairs(query).map { "\($0.name)=\($0.value)" }
            #expect(pairs == expected, "\(query.debugDescription)")
            var grouped: [String: [String]] = [:]
            for pair in QueryString.pairs(query) { grouped[pair.name, default: []].append(pair.value) }
            #expect(QueryString.parse(query) == grouped, "\(query.debugDescription): parse groups pairs by name, in order")
        }
    }
}
