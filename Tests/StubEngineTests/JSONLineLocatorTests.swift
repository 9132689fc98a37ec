import Foundation
import Testing
@testable import StubEngine

/// The line a fixture's decoding error points at: the line on which the value at the coding
/// path starts, past strings that hold braces, brackets, commas and escaped quotes, nested
/// objects and arrays written over several lines, and values written on one line.
@Suite struct JSONLineLocatorTests {
    static let text = """
        {
          "note": "a } and a ] and a \\" and a , inside a string",
          "accounts": [
            { "id": "acc-1", "tags": ["a", "{b}", "} ]"],
              "balance": { "amount": 10 } },
            {
              "id": "acc-2",
              "balance": {
                "amount": "not a number"
              }
            }
          ],
          "owner": { "name": "Alex", "address": { "line1": "1 Street" } },
          "last": true
        }
        """

    @Test func eachPathGivesTheLineItsValueStartsOn() {
        let expected: [([String], Int)] = [
            (["note"], 2), (["accounts"], 3), (["accounts", "0"], 4), (["accounts", "0", "tags", "1"], 4),
            (["accounts", "0", "balance", "amount"], 5), (["accounts", "1"], 6), (["accounts", "1", "id"], 7),
            (["accounts", "1", "balance"], 8), (["accounts", "1", "balance", "amount"], 9), (["owner", "address", "line1"], 13),
            (["last"], 14), ([], 1),
        ]
        // A file saved with CRLF line ends (Windows editors) has the same lines.
        let crlf = Self.text.replacingOccurrences(of: "\n", with: "\r\n")
        for (path, line) in expected {
            #expect(JSONLineLocator.line(of: path, in: Self.text) == line, "\(path.joined(separator: "."))")
            #expect(JSONLineLocator.line(of: path, in: crlf) == line, "CRLF: \(path.joined(separator: "."))")
        }
        let broken = Data("{\r\n  \"a\": 1,\r\n  \"b\": [1, 2,,]\r\n}".utf8)
        #expect(JSONLineLocator.syntaxError(in: broken)?.line == 3, "CRLF: a syntax error's line")
    }

    /// A path that is not there gives the line of the deepest part that is, or nothing when
    /// even its first key is missing; an index past an array's end is not there.
    @Test func aMissingPathGivesTheDeepestLineThatIsThere() {
        #expect(JSONLineLocator.line(of: ["accounts", "1", "balance", "currency"], in: Self.text) == 8)
        #expect(JSONLineLocator.line(of: ["accounts", "5"], in: Self.text) == 3)
        #expect(JSONLineLocator.line(of: ["nothing"], in: Self.text) == nil)
        #expect(JSONLineLocator.line(of: ["note", "0"], in: Self.text) == 2, "a string has no parts")
    }

    @Test func aSyntaxErrorGivesItsLine() throws {
        let broken = Data("{\n  \"a\": 1,\n  \"b\": [1, 2,,]\n}".utf8)
        let error = try #require(JSONLineLocator.syntaxError(in: broken))
        #expect(error.line == 3, "\(error)")
        #expect(JSONLineLocator.syntaxError(in: Data("{\"a\": [1]}".utf8)) == nil)
        #expect(JSONLineLocator.line(inMessage: "Badly formed object around line 12, column 4.") == 12)
    }
}
