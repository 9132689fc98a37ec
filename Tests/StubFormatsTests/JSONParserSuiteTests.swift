import Foundation
import StubFormats
import Testing

/// `JSONValue.parse` against JSONTestSuite's parsing cases (nst/JSONTestSuite, MIT, under
/// `Tests/ImportFixtures/json-test-suite`): every `y_` file is read, every `n_` file refused
/// with a reason and a place, every `i_` file either, without crashing. And what is read is the
/// value Foundation reads where Foundation is right.
@Suite struct JSONParserSuiteTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImportFixtures/json-test-suite/test_parsing")

    static func cases() throws -> [(name: String, bytes: [UInt8])] {
        var cases = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
        // The two large files the copy leaves out, written as the suite writes them.
        cases.append(("n_structure_100000_opening_arrays.json", Array(repeating: UInt8(ascii: "["), count: 100_000)))
        cases.append(("n_structure_open_array_object.json", Array(String(repeating: #"[{"":"#, count: 50_000).utf8) + [0x0A]))
        return cases
    }

    @Test func everyCaseIsReadOrRefusedAsTheSuiteSays() throws {
        let cases = try Self.cases()
        #expect(cases.count == 318)
        var counts = (y: 0, n: 0, i: 0)
        for (name, bytes) in cases {
            let result = Result { () throws(JSONSyntaxError) -> JSONValue in try JSONValue.parse(bytes) }
            switch name.prefix(2) {
            case "y_":
                counts.y += 1
                if case .failure(let error) = result { Issue.record("\(name) is JSON, refused: \(error)") }
            case "n_":
                counts.n += 1
                switch result {
                case .success(let value): Issue.record("\(name) is not JSON, read as \(value)")
                case .failure(let error):
                    #expect(!error.reason.isEmpty && error.line >= 1 && error.column >= 1 && error.offset <= bytes.count, "\(name): \(error)")
                }
            default:
                counts.i += 1
            }
        }
        #expect(counts.y == 95 && counts.n == 188 && counts.i == 35, "\(counts)")
    }

    /// Where Foundation reads a `y_` case, both read the same value; but of a name given twice,
    /// the last value counts (as in JavaScript's `JSON.parse`, Jackson and so WireMock), where
    /// Foundation keeps the first.
    @Test func valuesAreFoundationsWhereFoundationReadsThem() throws {
        #expect(try JSONValue.parse(#"{"a":"b","a":"c"}"#) == .object(["a": .string("c")]))
        for (name, bytes) in try Self.cases() where name.hasPrefix("y_") && !name.contains("duplicated_key") {
            guard let foundation = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else { continue }
            let ours = try JSONValue.parse(bytes)
            if case .number(let a) = ours, case .number(let b) = foundation, a.isNaN && b.isNaN { continue }
            #expect(ours == foundation, "\(name): \(ours) against Foundation's \(foundation)")
        }
    }

    @Test func refusalsSayWhatAndWhere() {
        func error(_ text: String) -> JSONSyntaxError? {
            do { _ = try JSONValue.parse(text); return nil } catch { return error }
        }
        let trailing = error("{\n  \"a\": 1,\n}")
        #expect(trailing?.offset == 12 && trailing?.line == 3 && trailing?.column == 1 && trailing?.reason == "a trailing comma before }")
        #expect(error("[1,2,]")?.reason == "a trailing comma before ]")
        #expect(error("[01]")?.reason == "01 is not a number as JSON writes one")
        #expect(error(#"{"a" 1}"#)?.reason == #"a colon was expected after the name "a""#)
        #expect(error(#"{'a': 1}"#)?.reason == #"a name in double quotes was expected, not "'""#)
        #expect(error("[1 2]")?.reason == #"a comma or ] was expected after an array item, not "2""#)
        #expect(error("\"a\tb\"")?.reason == "a control character (0x9) must be escaped in a string")
        #expect(error(#""\x""#)?.reason == #"\x is not an escape JSON has"#)
        #expect(error("tru")?.reason.contains("true, false or null") == true)
        #expect(error("")?.reason == "the text is empty: no JSON value")
        #expect(error("{} x")?.description == "text after the JSON value at line 1, column 4")
        // A string never closed is pinned where it opens, whether the text ends in it or in an escape.
        #expect(error("{\n  \"a\": \"abc")?.description == "the string is never closed with \" at line 2, column 8")
        #expect(error("[\"ab\\")?.description == "the string is never closed with \" at line 1, column 2")
        #expect(error("[\"\\u0041")?.description == "the string is never closed with \" at line 1, column 2",
                "the text ends just after a whole \\u escape")
        do {
            _ = try JSONValue.parse([0x5B, 0x31, 0x2C, 0x22, 0xFF, 0x22, 0x5D])   // [1,"<FF>"]
            Issue.record("a string that is not UTF-8 was read")
        } catch {
            #expect(error.description == "the string is not UTF-8 at line 1, column 4")
        }
        #expect(error("1e999")?.reason == "1e999 is too large for a number")
        #expect(error(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))?.reason == "arrays and objects nest deeper than 512")
        #expect(error(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) == nil)
    }

    /// RFC 8259 §7: every character from U+0000 to U+001F must be escaped in a string; DEL
    /// (U+007F) and the rest need not be.
    @Test func everyControlCharacterMustBeEscapedAndOnlyThose() throws {
        for byte in UInt8(0x00)...UInt8(0x1F) {
            let text: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "a"), byte, UInt8(ascii: "\"")]
            #expect(throws: JSONSyntaxError.self, "0x\(String(byte, radix: 16))") { try JSONValue.parse(text) }
        }
        #expect(try JSONValue.parse([0x22, 0x20, 0x7F, 0x22]) == .string(" \u{7F}"))
    }

    @Test func escapesAndPairsReadAsTheirCharacters() throws {
        #expect(try JSONValue.parse(#""\ud83d\ude00 \u00e9 \/ \b\f\n\r\t""#) == .string("😀 é / \u{08}\u{0C}\n\r\t"))
        #expect(try JSONValue.parse(#""\ud83d x""#) == .string("\u{FFFD} x"), "half a pair")
        #expect(try JSONValue.parse(#""\ude00\ud83d""#) == .string("\u{FFFD}\u{FFFD}"))
        #expect(try JSONValue.parse(#""\ud83d\u0041\ud83d\ud83d\ude00""#) == .string("\u{FFFD}A\u{FFFD}😀"),
                "half a pair before another escape leaves that escape to be read on its own")
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[0e1]".utf8)) == .array([.number(0)]), "a byte order mark is skipped")
        #expect(try JSONValue.parse(" {\"a\":[true,false,null,-1.5e2]} ")
                == .object(["a": .array([.bool(true), .bool(false), .null, .number(-150)])]))
    }
}
