import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import StubEngine

// `XMLDocument` (libxml2) is in FoundationXML on Linux and in Foundation on macOS; iOS has none.
#if canImport(FoundationXML) || os(macOS)
/// The XPath a route file's `xpath` (WireMock's `matchesXPath`) is read with, against libxml2's
/// (Foundation's `XMLDocument`) on random documents and random location paths from the subset
/// `XPath` documents: the same nodes, in the same order, with the same string values. Examples
/// pin a few cases; this checks the rules over their whole shape (steps, `//`, `*`, `..`, `.`,
/// `text()`, attributes, positions, `last()`, comparisons, `and`/`or`, functions, `|`).
@Suite struct XPathReferenceTests {
    @Test(arguments: 0..<12) func selectsWhatLibxml2Selects(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 7_100 + seed)
        for _ in 0..<12 {
            let xml = Self.element(depth: 0, using: &generator)
            let reference = try XMLDocument(xmlString: xml, options: [])
            let ours = try #require(XMLBody.parse(Array(xml.utf8)))
            for _ in 0..<20 {
                let expression = Self.path(using: &generator)
                let expected = try reference.nodes(forXPath: expression).map { $0.stringValue ?? "" }
                let found = try XPath(expression).values(in: ours)
                #expect(found == expected, "\(expression) on \(xml): libxml2 \(expected), XPath \(found)")
            }
        }
    }

    private static let names = ["a", "b", "c"]

    /// An element named a, b or c, with an `id` and maybe a `k` attribute, holding text or children.
    private static func element(depth: Int, using generator: inout SeededGenerator) -> String {
        let name = names.randomElement(using: &generator)!
        var attributes = " id=\"\(Int.random(in: 1...3, using: &generator))\""
        if Bool.random(using: &generator) { attributes += " k=\"\(["x", "y", "10", "2"].randomElement(using: &generator)!)\"" }
        guard depth < 3, Int.random(in: 0..<4, using: &generator) > 0 else {
            // Blanks around a number and a tab or a line break inside words: what `number()` and
            // `normalize-space()` take away.
            return "<\(name)\(attributes)>\(["1", "2", "10", "x", "y z", " 2 ", "y\tz\n"].randomElement(using: &generator)!)</\(name)>"
        }
        let children = (0..<Int.random(in: 1...3, using: &generator)).map { _ in element(depth: depth + 1, using: &generator) }
        return "<\(name)\(attributes)>" + children.joined() + "</\(name)>"
    }

    /// A location path: absolute or from the root by `//`, a few steps, each maybe with a predicate;
    /// sometimes two joined with `|`.
    private static func path(using generator: inout SeededGenerator) -> String {
        func one(_ generator: inout SeededGenerator) -> String {
            var text = Bool.random(using: &generator) ? "/" : "//"
            let steps = Int.random(in: 1...3, using: &generator)
            for index in 0..<steps {
                if index > 0 { text += Int.random(in: 0..<4, using: &generator) == 0 ? "//" : "/" }
                text += (names + ["*", "*"]).randomElement(using: &generator)!
                if Int.random(in: 0..<2, using: &generator) == 0 { text += "[" + predicate(&generator) + "]" }
            }
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: text += "/@id"
            case 1: text += "/@k"
            case 2: text += "/text()"
            case 3: text += "/.."
            case 4: text += "/."
            default: break
            }
            return text
        }
        let first = one(&generator)
        return Int.random(in: 0..<6, using: &generator) == 0 ? first + " | " + one(&generator) : first
    }

    private static func predicate(_ generator: inout SeededGenerator) -> String {
        let value = ["'1'", "'x'", "1", "2", "10", "'y z'"].randomElement(using: &generator)!
        let choices = [
            "\(Int.random(in: 1...3, using: &generator))", "last()", "position() > 1", "position() = last()",
            "@id = \(value)", "@k = \(value)", "@k != \(value)", "@id < 2", "@k >= 2", "@id <= 2", "@k > 2", "number(.) <= 2", ". = \(value)", "text() = \(value)",
            "count(*) > 1", "count(a) = 0", "contains(., 'y')", "starts-with(@k, '1')", "not(@k)", "@k", "*",
            "string-length(.) > 1", "normalize-space(.) = 'y z'", "name() = 'b'", "local-name() != 'a'",
            "@id = 1 and @k", "@id = 2 or . = 'x'", "(@id = 1 or @id = 3) and not(b)", "number(.) > 1", "string(@id) = '2'",
            // Operators of one level group to the left: (@id < 2) < 3 always holds, @id < (2 < 3) never.
            "@id < 2 < 3", "3 > @id > 1", "@id = 1 = true()",
            // A number as a boolean: 0 and NaN (`number('x')`) are false, any other true.
            "not(number(.))", "@id and number(@k)", "number(.) or @k = 'x'",
        ]
        return choices.randomElement(using: &generator)!
    }
}
#endif
