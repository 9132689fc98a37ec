import Foundation
import Testing
import Yams
@testable import StubImport
@testable import StubEngine
import StubFormats
import HTTPTypes

/// What an importer writes into a route file reads back as the same value: random JSON values
/// whose strings are the ones YAML 1.1 would read as something else when written plain (booleans
/// in every spelling, numbers with `_`, octal, sexagesimal `1:20`, timestamps, `null`, `~`) or
/// that break plain scalars (`: `, ` #`, a leading `-`, `[`, `{`, `&`, `*`, `!`, `|`, `>`, quotes,
/// blanks at either end, line breaks, tabs, non-ASCII), serialized as the writer serializes them
/// and read as the route loader reads them.
@Suite struct RouteFileWriterRoundTripTests {
    static let strings = ["yes", "Yes", "NO", "on", "Off", "y", "n", "true", "False", "null", "NULL", "~", "", "1_000", "0777", "0o17",
                          "0x1F", "1e3", "+1", "-0", ".5", "5.", "1:20", "190:20:30", "2026-11-20", "2026-11-20T10:00:00Z", ".inf", "-.Inf",
                          ".NaN", "a: b", "a #b", "#c", "- d", "[e]", "{f}", "&g", "*h", "!i", "|", ">", "'j'", "\"k\"", " lead", "trail ",
                          "line\nbreak", "tab\there", "é", "💳", "%x", "@y", "`z`", "?", ":", "-", "=", "<<", "GB29 NWBK 6016 1331 9268 19",
                          "0.0", "1.50", "007", "2026-11", "12:00"]

    static func value(depth: Int = 0, using generator: inout SeededGenerator) -> JSONValue {
        guard depth < 3, Int.random(in: 0..<3, using: &generator) == 0 else {
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: return .number([0, 1, -1, 1.5, 1e15, 123_456_789_012, 0.1, -2.25, 1e20, -1e19, 1e300].randomElement(using: &generator)!)
            case 1: return .bool(Bool.random(using: &generator))
            case 2: return .null
            default: return .string(strings.randomElement(using: &generator)!)
            }
        }
        let count = Int.random(in: 0...3, using: &generator)
        if Bool.random(using: &generator) { return .array((0..<count).map { _ in value(depth: depth + 1, using: &generator) }) }
        var fields: [String: JSONValue] = [:]
        for _ in 0..<count { fields[strings.randomElement(using: &generator)!] = value(depth: depth + 1, using: &generator) }
        return .object(fields)
    }

    @Test(arguments: 0..<6) func everyValueReadsBackAsWritten(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 10_700 + seed)
        for _ in 0..<120 {
            let value = Self.value(using: &generator)
            let text = try Yams.serialize(node: Node([(Node("value"), RouteFileWriter.node(value))]), width: 120, allowUnicode: true)
            var reader = NodeReader(file: "written.yaml")
            let composed = reader.compose(text)
            let node = try #require(composed, "\(text)")
            let read = NodeReader.jsonValue(try #require(node["value"]))
            #expect(read == value, "\(String(decoding: WireJSON.encode(value), as: UTF8.self)) written as:\n\(text)")
        }
    }

    /// What a YAML 1.2 reader (Go's yaml.v3, ruamel, the JSON schema of YAML 1.2) takes for a
    /// number, not text, is quoted, though the route loader's YAML 1.1 would read it as text:
    /// hexadecimal and octal with a prefix, infinities and NaN in any case.
    @Test func whatOtherReadersTakeForNumbersIsQuoted() throws {
        for text in ["0o17", "0O17", "0x1F", "0X1f", ".inf", "-.Inf", "+.INF", ".nan", ".NaN", "1e3", "+1", ".5"] {
            let written = try Yams.serialize(node: Node([(Node("value"), RouteFileWriter.node(.string(text)))]), width: 120)
            #expect(written == "value: '\(text)'\n" || written == "value: \"\(text)\"\n", "\(text) written as \(written)")
        }
    }

    /// A number is written as a person writes it: `amount: 12`, not `12.0`; a fraction and a
    /// number past an `Int`'s exact range keep their form, and each reads back as itself.
    @Test func aNumberIsWrittenAsAPersonWritesIt() throws {
        for (number, written) in [(12.0, "12"), (-3.0, "-3"), (0.0, "0"), (1.5, "1.5"), (1e20, "1e+20")] {
            let text = try Yams.serialize(node: Node([(Node("amount"), RouteFileWriter.node(.number(number)))]), width: 120)
            #expect(text == "amount: \(written)\n", "\(number)")
        }
    }

    /// An object's keys are written in name order, at every depth, so two imports of one
    /// document write the same file and a diff between them shows only what changed.
    @Test func anObjectsKeysAreWrittenInNameOrder() throws {
        let value = JSONValue.object(["currency": .string("GBP"), "amount": .number(12),
                                      "payee": .object(["sort": .string("x"), "name": .string("Ada")])])
        let text = try Yams.serialize(node: Node([(Node("body"), RouteFileWriter.node(value))]), width: 120)
        #expect(text == "body:\n  amount: 12\n  currency: GBP\n  payee:\n    name: Ada\n    sort: x\n", "\(text)")
    }

    /// A whole route written by the writer and loaded by the stub's loader: every tricky string
    /// as a response header's value and as a query parameter's `equals` arrives as written.
    @Test func aWrittenRouteLoadsWithItsHeaderAndQueryValuesAsWritten() throws {
        let folder = ScratchFolder()
        var route = ImportedRoute(id: "tricky", method: "GET", path: "/v1/tricky", origin: "test")
        route.query = Self.strings.enumerated().map { ("q\($0.offset)", .equals(.string($0.element))) }
        var response = ImportedRoute.Response(status: 200)
        // A header value holds no line break and no blanks at either end (RFC 9110).
        response.headers = Self.strings.enumerated().filter { !$0.element.contains("\n") && $0.element.trimmingCharacters(in: .whitespaces) == $0.element }
            .map { ("X-Value-\($0.offset)", $0.element) }
        route.responses = [response]
        let writer = RouteFileWriter(out: folder.url)
        try writer.prepare()
        _ = try writer.write([route], file: "tricky.yaml", header: "round trip")
        var problems: [FixtureProblem] = []
        let routes = RouteFileLoader(root: folder.url).load(problems: &problems)
        #expect(problems.isEmpty, "\(problems)")
        let loaded = try #require(routes.routes.first)
        let headers = Dictionary(uniqueKeysWithValues: try #require(loaded.responses.first).headers.map { ($0.name.rawName, $0.value) })
        for (name, value) in response.headers {
            guard case .literal(let text)? = headers[name] else { Issue.record("\(name) not literal: \(String(describing: headers[name]))"); continue }
            #expect(text == value, "\(name): \(value.debugDescription) read as \(text.debugDescription)")
        }
        let query = Dictionary(uniqueKeysWithValues: loaded.condition.query.map { ($0.name, $0.matcher) })
        for (index, value) in Self.strings.enumerated() {
            let matcher = try #require(query["q\(index)"])
            #expect(matcher.matches(.string(value)), "q\(index) = \(value.debugDescription): \(matcher.signature)")
        }
    }
    /// A route id's file-name form: lower case, each run of other characters one `-`, none at
    /// either end, at most 80 characters.
    @Test func aSlugIsLowerCaseWithSingleDashesInside() {
        #expect(RouteFileWriter.slug("GET /v1/accounts/{accountId}") == "get-v1-accounts-accountid")
        #expect(RouteFileWriter.slug("POST /v1//transfers/") == "post-v1-transfers")
        #expect(RouteFileWriter.slug("  *  /files/** ") == "files")
        #expect(RouteFileWriter.slug("openapi.v2-beta") == "openapi.v2-beta")
        #expect(RouteFileWriter.slug(String(repeating: "a/", count: 100)).count <= 80)
    }

    /// A route file names each header once: a field written in two cases (a HAR's `Set-Cookie`
    /// and `set-cookie`, a mapping's `Vary` and `vary`) is one field, under its first spelling,
    /// with its values in order.
    @Test func aHeaderInTwoCasesIsOneFieldUnderItsFirstSpelling() {
        let grouped = RouteFileWriter.grouped([("Set-Cookie", "a=1"), ("Vary", "Accept"), ("set-cookie", "b=2"), ("VARY", "Origin")])
        #expect(grouped.map { "\($0.0)=\($0.1)" } == [#"Set-Cookie=["a=1", "b=2"]"#, #"Vary=["Accept", "Origin"]"#])
    }
}
